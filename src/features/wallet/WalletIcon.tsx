// A wallet's face wherever a wallet is shown (the connect dialog, the account menu): its own module,
// with its own styles, so that the account menu does not carry the connect dialog's code with it.
import { useAppSelector } from '../../../store/hooks';
import { selectConnectorInfo } from '../../../store/selectors';
import type { ConnectionId } from '../../lib/connectors/types';
import { hasKindMark, KindMark } from './walletMarks';
import './walletIcon.css';

/**
 * A wallet's announced icon (a safe data: URI, drawn only as an image); else, for the kind itself, the
 * kind's mark (walletMarks.tsx); else its initial.
 */
export function WalletIcon({ icon, name, kind, large }: { icon: string; name: string; kind: ConnectionId; large?: boolean }) {
  const size = large ? 48 : 28;
  // The kind's mark or letters stand for the kind itself; a wallet that named itself ("Rainbow") gets its initial.
  const kindName = useAppSelector((s) => selectConnectorInfo(s, kind).name);
  const letters = useAppSelector((s) => selectConnectorInfo(s, kind).face.letters);
  if (icon) return <img className={`wallet-icon${large ? ' large' : ''}`} src={icon} alt="" width={size} height={size} />;
  if (name === kindName && hasKindMark(kind))
    return (
      <span className={`wallet-icon wallet-icon-mark${large ? ' large' : ''}`} data-testid="wallet-mark" aria-hidden="true">
        <KindMark kind={kind} />
      </span>
    );
  return (
    <span className={`wallet-icon wallet-icon-${kind}${large ? ' large' : ''}`} aria-hidden="true">
      {(name === kindName ? letters : undefined) ?? (name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
