import * as React from 'react';
import { createComponent, type EventName, type ReactWebComponent } from '@lit/react';
import type { MantisEventMap } from '../events.js';

/** The name of an event an element fires: `mantis-message-complete` and the others of `MantisEventMap`. */
export type MantisEventName = keyof MantisEventMap;

/** `message-complete` → `MessageComplete`. */
type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${Pascal<Tail>}` : Capitalize<S>;

/** The React prop of an event: `mantis-message-complete` → `onMessageComplete`. */
export type EventProp<N extends MantisEventName> = N extends `mantis-${infer Rest}` ? `on${Pascal<Rest>}` : never;

/** The event props of a wrapper, each typed with its event: `{ onMessageComplete: EventName<CustomEvent<MessageCompleteDetail>> }`. */
export type EventProps<N extends MantisEventName> = { [K in N as EventProp<K>]: EventName<MantisEventMap[K]> };

/** A React component of an element that fires the events `N`: its properties and typed `on…` event props. */
export type MantisComponent<I extends HTMLElement, N extends MantisEventName> = ReactWebComponent<I, EventProps<N>>;

/** The React prop of an event, as `EventProp` spells it in types: `mantis-message-complete` → `onMessageComplete`. */
export function eventProp<N extends MantisEventName>(name: N): EventProp<N> {
  const words = name.slice('mantis-'.length).split('-');
  return `on${words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}` as EventProp<N>;
}

type Handler = (event: Event) => void;

/** Props React keeps for itself, never the element's even when it has a property of that name (as createComponent does). */
const REACT_PROPS = new Set(['children', 'localName', 'ref', 'style', 'className']);

/**
 * Wraps an element in a React component made with `@lit/react`'s `createComponent`, which renders the tag (attributes,
 * `className`, `style`, children, hydration), with a typed prop for each property of the element and a typed `on…`
 * prop for each event it fires.
 *
 * Properties and events are bound here, not by createComponent, for two faults of @lit/react 1.0.8 that break a chat:
 * it assigns every property again on every render, and `<mantis-chat>`'s `messages` setter loads the history it is
 * given, so any re-render of the page reset the conversation to the first history; and it never removes its
 * listeners when the component unmounts, so an element the page kept or moved went on calling the handlers of an
 * unmounted component. Here, as React 19 does for a tag of its own, a property is assigned when its value changed
 * since the last render; listeners are added when React attaches the element, before the properties are set (an
 * event fired by a setter reaches its handler), and removed when React detaches it. Each listener calls the handler
 * of the latest render, so a new handler function on every render costs nothing.
 */
export function wrap<I extends HTMLElement, const N extends readonly MantisEventName[]>(
  tagName: string,
  elementClass: new () => I,
  events: N,
  displayName: string,
): MantisComponent<I, N[number]> {
  const eventOf = new Map<string, MantisEventName>(events.map((name) => [eventProp(name), name]));
  // A class declares its properties statically: they have accessors once it is finalized, which its definition does.
  // One whose tag another copy of mantis-ui defined first never was.
  (elementClass as unknown as { finalize?(): void }).finalize?.();
  const isProperty = (key: string): boolean => !REACT_PROPS.has(key) && key in elementClass.prototype;
  const Element = createComponent({ react: React, tagName, elementClass, displayName: `${displayName}Element` });

  const Wrapper = React.forwardRef<I, Record<string, unknown>>((props, ref) => {
    const element = React.useRef<I | null>(null);
    const handlers = React.useRef<Record<string, unknown>>({});
    const unbind = React.useRef<(() => void) | undefined>(undefined);
    const refCleanup = React.useRef<(() => void) | undefined>(undefined);
    const assigned = React.useRef<{ node: I | null; values: Map<string, unknown> }>({ node: null, values: new Map() });
    const rest: Record<string, unknown> = {};
    const current: Record<string, unknown> = {};
    const properties = new Map<string, unknown>();
    for (const [key, value] of Object.entries(props)) {
      if (eventOf.has(key)) current[key] = value;
      else if (isProperty(key)) properties.set(key, value);
      else rest[key] = value;
    }
    // Insertion effects run before refs are attached and before layout effects set properties: an event those fire
    // already sees this render's handlers.
    React.useInsertionEffect(() => {
      handlers.current = current;
    });
    React.useLayoutEffect(() => {
      const node = element.current;
      if (!node) return;
      const last = assigned.current.node === node ? assigned.current.values : new Map<string, unknown>();
      const target = node as unknown as Record<string, unknown>;
      for (const [key, value] of properties) {
        if (!last.has(key) || !Object.is(last.get(key), value)) target[key] = value;
      }
      // A property the page stopped passing goes back to undefined, as createComponent does.
      for (const key of last.keys()) if (!properties.has(key)) target[key] = undefined;
      assigned.current = { node, values: properties };
    });
    const attach = React.useCallback(
      (node: I | null) => {
        element.current = node;
        unbind.current?.();
        unbind.current = undefined;
        if (node) {
          const listeners = [...eventOf].map(([prop, type]) => {
            const listener = (event: Event): void => {
              const handler = handlers.current[prop];
              if (typeof handler === 'function') (handler as Handler)(event);
            };
            node.addEventListener(type, listener);
            return [type, listener] as const;
          });
          unbind.current = () => listeners.forEach(([type, listener]) => node.removeEventListener(type, listener));
        }
        // A React 19 callback ref may return a cleanup, which React then calls instead of the ref with null.
        const cleanup = refCleanup.current;
        refCleanup.current = undefined;
        if (typeof ref === 'function') {
          if (node) {
            const returned: unknown = ref(node);
            if (typeof returned === 'function') refCleanup.current = returned as () => void;
          } else if (cleanup) cleanup();
          else ref(null);
        } else if (ref) ref.current = node;
      },
      [ref],
    );
    // What is left are attributes and React's own props, which createComponent renders on the tag.
    return React.createElement(Element, { ...rest, ref: attach } as React.ComponentProps<typeof Element>);
  });
  Wrapper.displayName = displayName;
  // forwardRef cannot spell createComponent's prop types from a generic element; ReactWebComponent is what it renders.
  return Wrapper as unknown as MantisComponent<I, N[number]>;
}
