// The page's parts that arrive after its first script (docs/architecture.md, "How the code loads"),
// as React sees them: the one loader (src/chunks.ts) hands them over through PartsProvider, per app,
// like the store. A part renders in the very update its code arrives in (no suspense, no fallback
// throttle), and a part that cannot load says why, with Reload, through the nearest PartBoundary.
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { PartBoundary } from '../ui/PartBoundary';
import type * as DialogsModule from './dialogs';
import type * as SignPanelModule from './sign/SignPanel';
import type * as SignInStatusModule from './signIn/SignInStatus';

/** One chunk as the page uses it: asked for once (again after a failure), and watched for its arrival. */
export interface Part<T> {
  /** Loads it if it is not here; rejects with why it could not load (the next call asks again). */
  load(): Promise<T>;
  /** Its module once it is here. */
  loaded(): T | undefined;
  subscribe(listener: () => void): () => void;
}

export interface UiParts {
  dialogs: Part<typeof DialogsModule>;
  signingPanel: Part<typeof SignPanelModule>;
  /** The header's sign-in (in the `signin` chunk with its sagas). */
  signInStatus: Part<typeof SignInStatusModule>;
}

type ModuleOf<K extends keyof UiParts> = UiParts[K] extends Part<infer T> ? T : never;

const PartsContext = createContext<UiParts | undefined>(undefined);
export const PartsProvider = PartsContext.Provider;

function useParts(): UiParts {
  const parts = useContext(PartsContext);
  if (!parts) throw new Error('No PartsProvider above this part');
  return parts;
}

/** Starts loading a part ahead of need (the pointer or the focus on a control that opens it). */
export function useWarmUp(name: keyof UiParts): () => void {
  const part = useParts()[name];
  return () => void part.load().catch(() => undefined);
}

function Arrived<K extends keyof UiParts>({ name, fallback, children }: { name: K; fallback: ReactNode; children: (module: ModuleOf<K>) => ReactNode }) {
  const part = useParts()[name] as Part<ModuleOf<K>>;
  const module = useSyncExternalStore(part.subscribe, part.loaded);
  const [failure, setFailure] = useState<{ error: unknown }>();
  useEffect(() => {
    if (module === undefined) part.load().catch((error: unknown) => setFailure({ error }));
  }, [module, part]);
  if (failure) throw failure.error;
  return <>{module === undefined ? fallback : children(module)}</>;
}

/**
 * What a part shows, `fallback` until its code is here (asked for when this mounts); `what` names it
 * in the user's words if it cannot load.
 */
export function WithPart<K extends keyof UiParts>({ name, what, fallback = null, children }: { name: K; what: string; fallback?: ReactNode; children: (module: ModuleOf<K>) => ReactNode }) {
  return (
    <PartBoundary what={what}>
      <Arrived name={name} fallback={fallback}>
        {children}
      </Arrived>
    </PartBoundary>
  );
}
