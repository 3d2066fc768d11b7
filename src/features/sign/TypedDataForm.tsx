import { useId, useMemo, useState } from 'react';
import { checkTypedDataText, sampleTypedData, type PreviewNode } from '../../lib/typedData';
import { AddressGroups } from '../../ui/AddressGroups';
import type { SigningTarget } from '../../../store/signingSelectors';
import { FormSection } from './FormSection';
import { useSigningRequest } from './useSigningRequest';

/** Typed data (EIP-712): an editor, checked as the user types, and a preview of what is signed. */
export function TypedDataForm({ target }: { target: SigningTarget }) {
  const [text, setText] = useState(() => sampleTypedData(target.chainId));
  const { busy, send, edited } = useSigningRequest('typedData');
  const check = useMemo(() => checkTypedDataText(text, { chainId: target.chainId }), [text, target.chainId]);
  const issuesId = useId();
  const change = (next: string) => {
    setText(next);
    edited();
  };
  return (
    <FormSection kind="typedData" title="Typed data (EIP-712)" onSubmit={() => check.ok && !busy && send(target, { kind: 'typedData', text })}>
      <label>
        Typed data (JSON)
        <textarea
          rows={12}
          spellCheck={false}
          value={text}
          onChange={(e) => change(e.target.value)}
          aria-invalid={check.ok ? undefined : true}
          aria-describedby={check.ok ? undefined : issuesId}
        />
      </label>
      <div className="actions">
        <button type="button" className="secondary" onClick={() => change(sampleTypedData(target.chainId))}>
          Reset to sample
        </button>
      </div>
      {check.ok ? (
        <div className="preview" data-testid="typed-data-preview" aria-label="What you sign">
          <h4>Domain</h4>
          <Tree nodes={check.preview.domain} />
          <h4>
            Primary type: <span className="value">{check.preview.primaryType}</span>
          </h4>
          <Tree nodes={check.preview.message} />
        </div>
      ) : (
        <ul className="issues" id={issuesId} data-testid="typed-data-issues">
          {check.issues.map((issue, i) => (
            <li key={i}>
              {issue.path ? <span className="mono">{issue.path}: </span> : null}
              {issue.message}
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <button type="submit" disabled={busy || !check.ok}>
          Sign typed data
        </button>
      </div>
    </FormSection>
  );
}

/** The preview's tree; an address is drawn in groups, as everywhere a full address is shown (docs/behaviour.md §6.9). */
function Tree({ nodes }: { nodes: PreviewNode[] }) {
  return (
    <ul>
      {nodes.map((node) => (
        <li key={node.name}>
          <strong>{node.name}</strong> <span className="type">{node.type}</span>
          {node.value !== undefined ? (
            <span className="value">
              : {node.type === 'address' ? <AddressGroups address={node.value} /> : node.value}
            </span>
          ) : null}
          {node.children ? <Tree nodes={node.children} /> : null}
        </li>
      ))}
    </ul>
  );
}
