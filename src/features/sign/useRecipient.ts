// The transfer's recipient as typed: an address at once, or a name resolved for the chain's coin type
// (docs/behaviour.md §5.5; after a short pause in typing, so that "bob.t" is not looked up on the way to "bob.test").
import { useEffect, useState } from 'react';
import type { WalletError } from '../../lib/errors';
import { parseRecipient } from '../../lib/transfer';
import { useRead } from '../../ui/useRead';
import { namesApi } from '../../../store/namesApi';

const TYPING_PAUSE_MS = 300;

export type RecipientState =
  | { status: 'empty' | 'badAddress' | 'badChecksum' | 'notRecipient' | 'zeroAddress' }
  | { status: 'address'; address: string }
  | { status: 'resolving' | 'notFound' | 'invalidName' | 'noNames'; name: string }
  | { status: 'lookupFailed'; name: string; error: WalletError | undefined }
  | { status: 'resolved'; name: string; address: string; avatar?: string };

export function useRecipient(text: string, chainId: number): RecipientState {
  const parsed = parseRecipient(text);
  const name = parsed.kind === 'name' ? parsed.name : undefined;
  const [settled, setSettled] = useState(name);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(name), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [name]);
  const lookup = name !== undefined && settled === name ? { chainId, name } : undefined;
  const read = useRead(namesApi.endpoints.resolveName, lookup);
  switch (parsed.kind) {
    case 'empty':
      return { status: 'empty' };
    case 'address':
      return { status: 'address', address: parsed.address };
    case 'zero':
      return { status: 'zeroAddress' };
    case 'invalid':
      if (!parsed.looksLikeAddress) return { status: 'notRecipient' };
      return /^0x[0-9a-f]{40}$/i.test(text.trim()) ? { status: 'badChecksum' } : { status: 'badAddress' };
  }
  const found = read.currentData;
  if (found === undefined) return read.isError && !read.isFetching ? { status: 'lookupFailed', name: parsed.name, error: read.error } : { status: 'resolving', name: parsed.name };
  switch (found.status) {
    case 'resolved':
      return found.avatar ? { status: 'resolved', name: found.name, address: found.address, avatar: found.avatar } : { status: 'resolved', name: found.name, address: found.address };
    case 'notFound':
      return { status: 'notFound', name: found.name };
    case 'invalid':
      return { status: 'invalidName', name: parsed.name };
    case 'noNames':
      return { status: 'noNames', name: parsed.name };
  }
}
