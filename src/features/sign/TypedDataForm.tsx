import { useId, useMemo, useState } from 'react';
import { checkTypedDataText, sampleTypedData, type PreviewNode } from '../../lib/typedData';
import { AddressGroups } from '../../ui/AddressGroups';
import type { SigningTarget } from '../../../store/signingSelectors';
import { useLaterWords } from '../../i18n/later';
import { Sentence } from '../../i18n/react';
import { FormSection } from './FormSection';
import { TypedDataFinding } from './TypedDataIssue';
import { useSigningRequest } from './useSigningRequest';

/** Typed data (EIP-712): an editor, checked as the user types, and a preview of what is signed. */
export function TypedDataForm({ target }: { target: SigningTarget }) {
  const words = useLaterWords();
  const [text, setText] = useState(() => sampleTypedData(target.chainId));
  const { busy, send, edited } = useSigningRequest('typedData');
  const check = useMemo(() => checkTypedDataText(text, { chainId: target.chainId }), [text, target.chainId]);
  const issuesId = useId();
  const change = (next: string) => {
    setText(next);
    edited();
  };
  return (
    <FormSection kind="typedData" title={words.t('sign.typed.title')} onSubmit={() => check.ok && !busy && send(target, { kind: 'typedData', text })}>
      <label>
        {words.t('sign.typed.label')}
        <textarea
          rows={12}
          spellCheck={false}
          dir="ltr"
          value={text}
          onChange={(e) => change(e.target.value)}
          aria-invalid={check.ok ? undefined : true}
          aria-describedby={check.ok ? undefined : issuesId}
        />
      </label>
      <div className="actions">
        <button type="button" className="secondary" onClick={() => change(sampleTypedData(target.chainId))}>
          {words.t('sign.typed.reset')}
        </button>
      </div>
      {check.ok ? (
        <div className="preview" data-testid="typed-data-preview" aria-label={words.t('sign.typed.preview')}>
          <h4>{words.t('sign.typed.domain')}</h4>
          <Tree nodes={check.preview.domain} />
          <h4>
            <Sentence
              words={words}
              id="sign.typed.primaryType"
              values={{
                type: (
                  <bdi className="value" dir="ltr">
                    {check.preview.primaryType}
                  </bdi>
                ),
              }}
            />
          </h4>
          <Tree nodes={check.preview.message} />
        </div>
      ) : (
        <ul className="issues" id={issuesId} data-testid="typed-data-issues">
          {check.issues.map((issue, i) => (
            <li key={i} data-message={issue.message}>
              {issue.path ? (
                <span className="mono" dir="ltr">
                  {issue.path}:{' '}
                </span>
              ) : null}
              <TypedDataFinding said={issue.said} words={words} />
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <button type="submit" disabled={busy || !check.ok}>
          {words.t('sign.typed.submit')}
        </button>
      </div>
    </FormSection>
  );
}

/**
 * The preview's tree; an address is drawn in groups, as everywhere a full address is shown (docs/behaviour.md §6.9).
 * The data as it is signed, not words: left to right in any language.
 */
function Tree({ nodes }: { nodes: PreviewNode[] }) {
  return (
    <ul dir="ltr">
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
