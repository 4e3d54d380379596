// The reference agent's `a2ui agent` surface (demo/server/a2ui-agent-functions.ts) in a chat, for the node tests of a
// renderer's calls to the agent's function: over the Composer (a2ui-v1-agent-calls.test.ts) and over AG-UI
// (a2ui-v1-agent-calls-ag-ui.test.ts).
import { readFileSync } from 'node:fs';
import { afterEach } from 'node:test';
import type { ChatSession } from '../../src/index.js';
import { a2uiOf, evaluate, type SurfaceModel } from '../../src/protocols/a2ui/index.js';

/** The catalog of the reference server's `a2ui agent` surface, as a page gives it: a v1.0 catalog document. */
export const PROVIDER_DOCUMENT = JSON.parse(readFileSync(new URL('../../demo/catalogs/provider-v1.json', import.meta.url), 'utf8')) as Record<string, unknown>;

/** Resolves once `ready()` holds, checked after each turn of the event loop (what it waits for loads modules). */
export const until = (ready: () => boolean): Promise<void> =>
  new Promise((done) => (function check() { if (ready()) done(); else setImmediate(check); })());

/** The sessions a test makes: disconnected (and their transports closed) after each test. */
export function useSessions(): ChatSession[] {
  const sessions: ChatSession[] = [];
  afterEach(() => {
    for (const session of sessions.splice(0)) {
      session.disconnect();
      session.transport?.close();
    }
  });
  return sessions;
}

/**
 * The `provider` surface of `session`, once it is a v1.0 surface: its model; `render()`, one render of its TextField's
 * check as the renderer makes it (the surface's calls asked for once, the check's value, and what the surface says);
 * and `when(ready)`, which resolves at the first change of the surface after which `ready()` holds.
 */
export async function providerSurface(session: ChatSession) {
  await until(() => a2uiOf(session)?.group.store.get('provider')?.version === 'v1.0');
  const model = a2uiOf(session)?.group.surface('provider') as SurfaceModel;
  const field = model.state?.components.get('field') as unknown as { checks: { condition: unknown }[] };
  const condition = field.checks[0]?.condition;
  const render = () => {
    const calls = model.calls;
    return { verdict: evaluate(condition, { data: model.state?.data ?? null, scope: '', functions: calls?.functions }), notice: calls?.notice };
  };
  const when = (ready: () => boolean) => new Promise<void>((done) => { const stop = model.subscribe(() => ready() && (stop(), done())); });
  return { model, render, when };
}

/** Whether a check's value is valid (a ValidationResult of `{valid: true}`). */
export const valid = (verdict: unknown): boolean => (verdict as { valid?: unknown } | undefined)?.valid === true;
