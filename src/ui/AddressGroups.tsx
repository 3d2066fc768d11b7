// A full address wherever one is shown whole (the account menu, the overview): in groups, so that a
// narrow screen breaks it between groups, never inside one.
import { Fragment } from 'react';
import './addressGroups.css';

/**
 * An address in groups of four hex digits ("0xf39F d6e5 1aad …"), a line break allowed only between
 * groups. The gaps are drawn, not typed: the text is still the address, selected or copied whole.
 */
export function AddressGroups({ address }: { address: string }) {
  const head = address.startsWith('0x') ? 6 : 4;
  const groups = [address.slice(0, head)];
  for (let at = head; at < address.length; at += 4) groups.push(address.slice(at, at + 4));
  return (
    <>
      {groups.map((group, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          <span className="address-group">{group}</span>
        </Fragment>
      ))}
    </>
  );
}
