import type { CatalogDefinition } from './catalog-basic.js';
import { DEFAULT_CATALOGS } from './expand.js';
import type { ProtocolConfigTarget } from '../module.js';
import { A2UI_CATALOG_PARAM } from './types.js';

/*
 * The A2UI catalogs a page gives a chat or a surface (`a2uiCatalogs`, `<mantis-a2ui-surface>.catalogs`): definitions
 * as they are, documents in the specification's JSON format read by mantis-ui/a2ui-json (json-catalog/), which loads
 * only when one is given. What cannot be used is left out and said; the rest is what surfaces may name and what is
 * advertised, in the specification's capability format.
 */

/** A catalog as a page gives it: a definition, or a catalog document (JSON). */
export type A2uiCatalogInput = CatalogDefinition | Readonly<Record<string, unknown>>;

/** A definition (its functions are a Set), not a document. */
export const isCatalogDefinition = (value: unknown): value is CatalogDefinition =>
  typeof value === 'object' && value !== null && (value as { functions?: unknown }).functions instanceof Set;

/** What a list of catalogs given comes to. */
export interface ReadCatalogs {
  /** What the chat's A2UI state is given: the catalogs, or undefined for the defaults. */
  readonly options: readonly CatalogDefinition[] | undefined;
  /** What surfaces may name: the defaults when none was given. */
  readonly catalogs: readonly CatalogDefinition[];
  /** The documents among them, as given, by parameter (what a wire that carries catalogs inline sends). */
  readonly documents: Readonly<Record<string, readonly unknown[]>>;
  /** What is advertised, by parameter (`a2ui_catalog`: every catalog's ID). */
  readonly advertises: Readonly<Record<string, readonly string[]>>;
  /** Why each one left out was. */
  readonly refused: readonly string[];
}

/** Reads the catalogs a page gave (`null`: the defaults). Never rejects. */
export async function readCatalogs(list: readonly unknown[] | null | undefined, setting = 'a2uiCatalogs'): Promise<ReadCatalogs> {
  const given = list ?? DEFAULT_CATALOGS;
  const refused: string[] = [];
  const catalogs: CatalogDefinition[] = [];
  const documents: unknown[] = [];
  let read: ((document: unknown) => CatalogDefinition) | null = null;
  if (!given.every(isCatalogDefinition)) {
    try {
      read = (await import('./json-catalog/index.js')).catalogFromJson;
    } catch {
      refused.push(`${setting}: mantis-ui/a2ui-json could not be loaded, so its catalog documents are left out`);
    }
  }
  given.forEach((item, i) => {
    try {
      const catalog = isCatalogDefinition(item) ? item : read?.(item);
      if (!catalog) return;
      if (catalogs.some((c) => c.catalogId === catalog.catalogId)) throw new Error(`the catalog ${catalog.catalogId} is given twice`);
      catalogs.push(catalog);
      if (!isCatalogDefinition(item)) documents.push(item);
    } catch (error) {
      refused.push(`${setting}[${i}] cannot be used: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  const advertises = { [A2UI_CATALOG_PARAM]: catalogs.map((c) => c.catalogId) };
  return { options: list == null ? undefined : catalogs, catalogs, documents: { [A2UI_CATALOG_PARAM]: documents }, advertises, refused };
}

/**
 * A chat's `a2uiCatalogs` (register.ts configureA2uiCatalogs loads this for them): read, then given to the session's A2UI state and
 * advertised, unless `current()` says a later list came meanwhile.
 */
export async function configureCatalogs(list: unknown, target: ProtocolConfigTarget, current: () => boolean): Promise<void> {
  const usable = list == null || Array.isArray(list);
  const read = await readCatalogs(usable ? (list as readonly unknown[] | null | undefined) : null);
  if (!current()) return;
  target.configureProtocol('a2ui', usable ? read : { ...read, refused: ['a2uiCatalogs must be an array of A2UI catalogs: the defaults apply'] });
}
