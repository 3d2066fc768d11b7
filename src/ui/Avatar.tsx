// An account's picture: its name's avatar (ENSIP-12) when it has one, the identicon otherwise — under
// the image while it loads, and alone when the image fails (docs/behaviour.md §5.5). Only ever an
// <img> of a URL the names code made (the configured image source, or a data:image URI): never markup.
import { useState } from 'react';
import { Identicon } from './Identicon';

export function Avatar({ address, image, size = 24, className }: { address: string; image?: string | undefined; size?: number; className?: string }) {
  // Which image failed: a new image gets its own chance.
  const [failed, setFailed] = useState<string>();
  const identicon = <Identicon address={address} size={size} {...(className ? { className } : {})} />;
  if (image === undefined || failed === image) return identicon;
  return (
    <span className={`avatar${className ? ` ${className}` : ''}`} data-testid="avatar">
      {identicon}
      <img src={image} alt="" width={size} height={size} decoding="async" referrerPolicy="no-referrer" onError={() => setFailed(image)} />
    </span>
  );
}
