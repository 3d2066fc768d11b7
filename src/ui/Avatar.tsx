// An account's picture: its name's avatar (ENSIP-12) when it has one, the identicon otherwise or
// while the image is loading or when it fails (docs/behaviour.md §5.5). Only ever an <img> of a URL
// the names code made (the configured image source, or a data:image URI): never markup of the page.
import { useState } from 'react';
import { Identicon } from './Identicon';

export function Avatar({ address, image, size = 24, className }: { address: string; image?: string | undefined; size?: number; className?: string }) {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const [loaded, setLoaded] = useState<string | undefined>(undefined);
  // Both remember which image they are about: a new image gets its own chance.
  const usable = image !== undefined && failed !== image;
  const identicon = <Identicon address={address} size={size} {...(className ? { className } : {})} />;
  if (!usable) return identicon;
  return (
    <span className={`avatar${className ? ` ${className}` : ''}`} style={{ width: size, height: size }} data-testid="avatar" data-loaded={loaded === image ? 'true' : 'false'}>
      {loaded === image ? null : identicon}
      <img
        src={image}
        alt=""
        width={size}
        height={size}
        decoding="async"
        referrerPolicy="no-referrer"
        crossOrigin="anonymous"
        hidden={loaded !== image}
        onLoad={() => setLoaded(image)}
        onError={() => setFailed(image)}
      />
    </span>
  );
}
