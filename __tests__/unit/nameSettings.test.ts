// Names' configuration and the rules that need no chain (docs/behaviour.md §5.5): which gateways a
// lookup may ask, where avatar images come from, what an avatar record may become, and the
// Content-Security-Policy derived from the same settings.
import { contentSecurityPolicy } from '../../scripts/csp';
import { avatarUrl, MAX_DATA_AVATAR } from '../../src/lib/names/avatar';
import { allowedOrigin, readOffchainLookup } from '../../src/lib/names/ccip';
import { ENS_GATEWAY_ORIGINS, ENS_IMAGE_SOURCE } from '../../src/lib/names/settings';
import { imageOrigin, readNameSettings } from '../../src/lib/names/settingsCheck';
import { coinTypeOf } from '../../src/lib/names/universal';
import { directive } from '../support/policy';


describe('name settings', () => {
  it("unset: ENS's gateways and ENS's metadata service, https only", () => {
    const { settings, problems } = readNameSettings({}, false);
    expect(problems).toEqual([]);
    expect(settings).toEqual({ gatewayOrigins: [...ENS_GATEWAY_ORIGINS], imageSource: ENS_IMAGE_SOURCE, allowLocalHttp: false });
  });

  it('a deployer lists origins (comma or space separated), or none', () => {
    expect(readNameSettings({ gateways: 'https://a.example, https://b.example:8443' }, false).settings.gatewayOrigins).toEqual(['https://a.example', 'https://b.example:8443']);
    expect(readNameSettings({ gateways: 'none', imageSource: 'none' }, false).settings).toEqual({ gatewayOrigins: [], allowLocalHttp: false });
  });

  it('http only to 127.0.0.1 and only in development builds; anything but an origin is refused', () => {
    expect(readNameSettings({ gateways: 'http://127.0.0.1:8547' }, true).problems).toEqual([]);
    expect(readNameSettings({ gateways: 'http://127.0.0.1:8547' }, false).problems).toEqual([
      'WALLETDECK_NAME_GATEWAYS: "http://127.0.0.1:8547" is not an https:// origin',
    ]);
    expect(readNameSettings({ gateways: 'http://gateway.example' }, true).problems).toHaveLength(1);
    expect(readNameSettings({ gateways: 'https://gateway.example/path' }, false).problems).toHaveLength(1);
  });

  it('an image source is an https URL pattern with {name}', () => {
    expect(readNameSettings({ imageSource: 'https://img.example/{network}/{name}' }, false).settings.imageSource).toBe('https://img.example/{network}/{name}');
    expect(readNameSettings({ imageSource: 'https://img.example/avatar' }, false).problems).toHaveLength(1);
    expect(readNameSettings({ imageSource: 'http://127.0.0.1:8547/avatar/{name}' }, false).problems).toHaveLength(1);
    expect(readNameSettings({ imageSource: 'http://127.0.0.1:8547/avatar/{name}' }, true).problems).toEqual([]);
    expect(readNameSettings({ imageSource: 'javascript:alert(1)//{name}' }, false).problems).toHaveLength(1);
  });

  it("the shipped policy follows the settings: connect-src gets the gateways, img-src the image source's origin", () => {
    const { settings } = readNameSettings({ gateways: 'https://gw.example', imageSource: 'https://img.example/a/{name}' }, false);
    const { meta } = contentSecurityPolicy({ rpcUrls: [], nameGateways: settings.gatewayOrigins, ...(imageOrigin(settings) ? { imageOrigin: imageOrigin(settings) } : {}) });
    expect(directive(meta, 'connect-src')).toEqual(["'self'", 'https://gw.example']);
    expect(directive(meta, 'img-src')).toEqual(["'self'", 'data:', 'https://img.example']);
    const none = readNameSettings({ gateways: 'none', imageSource: 'none' }, false).settings;
    expect(imageOrigin(none)).toBeUndefined();
  });
});

describe('which gateway URLs a lookup may ask', () => {
  const policy = { origins: ['https://gw.example', 'http://127.0.0.1:8547'], allowLocalHttp: false };
  it.each([
    ['https://gw.example/{sender}/{data}.json', 'https://gw.example'],
    ['https://gw.example/lookup', 'https://gw.example'],
    ['https://other.example/{sender}', undefined],
    ['http://gw.example/{sender}', undefined],
    ['https://user:pw@gw.example/', undefined],
    ['http://127.0.0.1:8547/{sender}/{data}.json', undefined], // production: no http at all
    ['x-batch-gateway:true', undefined],
    ['not a url', undefined],
  ])('%s → %s', (template, expected) => {
    expect(allowedOrigin(template, policy)).toBe(expected);
  });

  it('http://127.0.0.1 in a development build, when listed', () => {
    expect(allowedOrigin('http://127.0.0.1:8547/{sender}/{data}.json', { ...policy, allowLocalHttp: true })).toBe('http://127.0.0.1:8547');
    expect(allowedOrigin('http://localhost:8547/{sender}', { ...policy, allowLocalHttp: true })).toBeUndefined();
  });

  it('an OffchainLookup that cannot be read is an error, any other revert is not a lookup', () => {
    expect(readOffchainLookup('0x08c379a0')).toBeUndefined();
    expect(() => readOffchainLookup('0x556f1830deadbeef')).toThrow(expect.objectContaining({ name: 'NameLookupError' }));
  });
});

describe('avatar records (ENSIP-12) as images', () => {
  const source = 'https://img.example/avatar/{name}';
  it.each([
    ['https://example.org/a.png', 'https://img.example/avatar/alice.eth'],
    ['ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi', 'https://img.example/avatar/alice.eth'],
    ['eip155:1/erc721:0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB/1', 'https://img.example/avatar/alice.eth'],
    ['eip155:1/erc1155:0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB/0', 'https://img.example/avatar/alice.eth'],
    ['data:image/png;base64,iVBORw0KGgo=', 'data:image/png;base64,iVBORw0KGgo='],
    ['', undefined],
    ['data:text/html;base64,PHNjcmlwdD4=', undefined],
    ['data:image/svg+xml,<svg onload=alert(1)>', undefined], // not base64: refused
    ['javascript:alert(1)', undefined],
    ['http://example.org/a.png', undefined],
    ['eip155:1/erc20:0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB', undefined],
  ])('%j → %j', (record, expected) => {
    expect(avatarUrl(record, 'alice.eth', source)).toBe(expected);
  });

  it('the name is encoded into the image URL; without an image source only data: images remain', () => {
    expect(avatarUrl('https://x.example/a.png', 'ä/b.eth', source)).toBe('https://img.example/avatar/%C3%A4%2Fb.eth');
    expect(avatarUrl('https://x.example/a.png', 'alice.eth', undefined)).toBeUndefined();
    expect(avatarUrl('data:image/gif;base64,R0lGODlh', 'alice.eth', undefined)).toBe('data:image/gif;base64,R0lGODlh');
  });

  it('a data: image larger than the bound is not used', () => {
    expect(avatarUrl(`data:image/png;base64,${'A'.repeat(MAX_DATA_AVATAR)}`, 'alice.eth', source)).toBeUndefined();
  });
});

describe('coin types (ENSIP-11, ENSIP-19)', () => {
  it('60 on the chain that holds names, 0x80000000 | chainId elsewhere', () => {
    expect(coinTypeOf(1, 1)).toBe(60);
    expect(coinTypeOf(11155111, 11155111)).toBe(60);
    expect(coinTypeOf(8453, 1)).toBe(2147492101);
    expect(coinTypeOf(10, 1)).toBe(0x8000000a);
    expect(coinTypeOf(42161, 1)).toBe(2147525809);
  });
});
