// An account's picture: its name's avatar (ENSIP-12) when it has one and it has loaded, the identicon
// otherwise (while it loads, and when it fails; docs/behaviour.md §5.5). Only ever an <img> of a URL
// the names code made (the configured image source, or a data:image URI): never markup.
import { useState } from 'react';
import { Identicon } from './Identicon';

export function Avatar({ address, image, size = 24, className }: { address: string; image?: string | undefined; size?: number; className?: string }) {
  // What became of which image: a new image gets its own chance.
  const [outcome, setOutcome] = useState<{ image: string; loaded: boolean }>();
  const known = outcome?.image === image ? outcome : undefined;
  if (image === undefined || known?.loaded === false) return <Identicon address={address} size={size} {...(className ? { className } : {})} />;
  return (
    <>
      {known ? null : <Identicon address={address} size={size} {...(className ? { className } : {})} />}
      <img
        className={`avatar${className ? ` ${className}` : ''}`}
        data-testid="avatar"
        src={image}
        alt=""
        width={size}
        height={size}
        hidden={!known}
        decoding="async"
        referrerPolicy="no-referrer"
        onLoad={() => setOutcome({ image, loaded: true })}
        onError={() => setOutcome({ image, loaded: false })}
      />
    </>
  );
}
