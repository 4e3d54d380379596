import { emit } from '../events.js';

/** Ignores a value a host bound that is of the wrong kind: a console warning and `mantis-config-error`, no exception. */
export function rejectValue(host: HTMLElement, name: string, expected: string): void {
  const reason = `<${host.localName}> ${name} must be ${expected}; the value was ignored.`;
  console.warn(`[mantis-ui] ${reason}`);
  emit(host, 'mantis-config-error', { property: name, reason });
}
