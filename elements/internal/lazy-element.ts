import { LitElement, adoptStyles, html, type TemplateResult, type nothing } from 'lit';

/*
 * A tag defined at once, its code loaded on need. The class a page gets for the tag is small: it declares the public
 * properties and attributes (so what a page or a framework sets before the code is here is kept), and its static
 * `load` imports the implementation, a subclass of it, on the element's first connection (or `whenReady`). Once it is
 * here, each element of the tag becomes an instance of it in place: the same node, with the implementation's
 * prototype, fields, styles and first render, and every value set before replayed as a change. Nothing watches the
 * document, and nothing is swapped by a build: the ES build and the script tag run this same code.
 */

/** The implementation of a lazily loaded tag: a subclass of its shell. */
export type Implementation<T extends LazyElement> = abstract new () => T;

/** The element being made an instance of its implementation: the shell's constructor returns it (see `upgrade`). */
let upgrading: LazyElement | null = null;

/** The implementations loaded so far, by shell class (one load per tag, shared by its elements). */
const loads = new WeakMap<typeof LazyElement, Promise<Implementation<LazyElement>>>();

export abstract class LazyElement extends LitElement {
  /** Imports the implementation (a subclass of this shell); set by each shell. */
  static load: () => Promise<Implementation<LazyElement>> = () => Promise.reject(new Error('no implementation'));

  /** Why the implementation could not be loaded, shown in its place; null while loading or once upgraded. */
  #failed: string | null = null;
  #upgraded = false;
  #loading: Promise<void> | null = null;

  constructor() {
    // An upgrade runs the implementation's constructor for an element that exists: it is that element (the shell's
    // own fields were set when it was made and are restored after; the implementation's are set on it now).
    if (upgrading) return upgrading;
    super();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // A new connection tries again a load that failed (an update does not: it would try on every update).
    this.#unavailable(null);
    this.#loadIfNeeded();
  }

  /** Why the code could not be loaded, or null; the host carries `data-mantis-unavailable` while it could not. */
  #unavailable(reason: string | null): void {
    this.#failed = reason;
    this.toggleAttribute('data-mantis-unavailable', reason !== null);
  }

  /**
   * Whether a connected element needs its implementation now. A shell whose element shows nothing for a while (an
   * artifact panel with no tab) says no and calls `requestUpdate()` when that may have changed.
   */
  protected needed(): boolean {
    return true;
  }

  #loadIfNeeded(): void {
    if (!this.#upgraded && !this.#loading && this.#failed === null && this.isConnected && this.needed()) void this.whenReady().catch(() => undefined);
  }

  /**
   * Resolves once this element runs its implementation (loading it if needed, or again after a failure); rejects when
   * it cannot be loaded.
   */
  whenReady(): Promise<void> {
    return (this.#loading ??= this.#load());
  }

  async #load(): Promise<void> {
    const shell = this.constructor as typeof LazyElement;
    let load = loads.get(shell);
    if (!load) {
      load = shell.load();
      loads.set(shell, load);
      // A failed load is tried again by the next element that asks.
      load.catch(() => loads.delete(shell));
    }
    try {
      upgrade(this, await load);
    } catch (error) {
      this.#loading = null;
      this.#unavailable('This part of the page could not be loaded.');
      console.warn(`[mantis-ui] <${this.localName}> could not be loaded:`, error);
      this.requestUpdate();
      this.unavailable();
      throw error;
    }
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    // Waits for the implementation's first render when an update started loading it (a test's `await el.updateComplete`),
    // even when the upgrade happened while the shell's update settled: the implementation's update comes after it.
    let done = await super.getUpdateComplete();
    const loading = this.#loading;
    if (loading) {
      await loading.catch(() => undefined);
      done = await super.getUpdateComplete();
    }
    return done;
  }

  /** The shell draws nothing until its implementation is here (or a notice when it cannot be loaded). */
  protected override shouldUpdate(): boolean {
    this.#loadIfNeeded();
    return this.#upgraded || this.#failed !== null;
  }

  protected override render(): TemplateResult | typeof nothing {
    return this.renderUnavailable(this.#failed ?? '');
  }

  /** What shows in the element's place when its code could not be loaded (a shell may say it its own way). */
  protected renderUnavailable(message: string): TemplateResult {
    return html`<p part="unavailable" role="status" data-mantis-unavailable>${message}</p>`;
  }

  /** Called once each time the code could not be loaded: a shell reports it where its implementation would. */
  protected unavailable(): void {}

  /** Marks an element as running its implementation (called by `upgrade`, which cannot reach private fields). */
  static markUpgraded(element: LazyElement): void {
    element.#upgraded = true;
    element.#unavailable(null);
  }
}

/**
 * Makes a shell element an instance of its implementation, in place. Its reactive properties are read first and set
 * again after (the shell's field initializers run once more in the implementation's constructor), so each is a change
 * of the implementation's first update, as if it had been set on it.
 */
function upgrade(element: LazyElement, implementation: Implementation<LazyElement>): void {
  if (Object.getPrototypeOf(element) === implementation.prototype) return;
  const shell = element.constructor as typeof LazyElement;
  const kept = [...shell.elementProperties.keys()].map((name) => [name, (element as unknown as Record<PropertyKey, unknown>)[name]] as const);
  // Its reactive properties have their accessors before its fields are set (a class declares them statically).
  const lit = implementation as unknown as typeof LitElement & { finalize(): void };
  lit.finalize();
  // Its controllers are connected once, below, with the implementation's own connectedCallback.
  const root = element.renderRoot;
  (element as { renderRoot: unknown }).renderRoot = undefined;
  Object.setPrototypeOf(element, implementation.prototype);
  upgrading = element;
  try {
    new (implementation as unknown as new () => LazyElement)();
  } finally {
    upgrading = null;
    (element as { renderRoot: unknown }).renderRoot = root;
  }
  for (const [name, value] of kept) (element as unknown as Record<PropertyKey, unknown>)[name] = value;
  LazyElement.markUpgraded(element);
  if (root instanceof ShadowRoot) adoptStyles(root, lit.elementStyles);
  if (element.isConnected) element.connectedCallback();
  element.requestUpdate();
}
