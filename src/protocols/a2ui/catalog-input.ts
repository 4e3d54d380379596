import type { CatalogDefinition } from './catalog-basic.js';
import { DEFAULT_CATALOGS } from './expand.js';
import type { ProtocolConfigTarget } from '../module.js';
import { A2UI_CATALOG_PARAM, A2UI_CATALOGS } from './types.js';
import { V1_BASIC_CATALOG_ID } from './v1/id.js';

/*
 * The A2UI catalogs a page gives a chat or a surface (`a2uiCatalogs`, `<mantis-a2ui-surface>.catalogs`): definitions
 * as they are, documents in the specification's JSON format read by mantis-ui/a2ui-json (json-catalog/), which loads
 * only when one is given, and the ID of a catalog this client has built in (A2UI_CATALOGS: a script-tag page, which has
 * no definition to give, keeps the defaults beside a document of its own that way). What cannot be used is left out and said; the rest is what surfaces may name and what is
 * advertised, in the specification's capability format.
 */

/** A catalog as a page gives it: a definition, a catalog document (JSON), or the ID of a built-in catalog (A2UI_CATALOGS). */
export type A2uiCatalogInput = CatalogDefinition | Readonly<Record<string, unknown>> | string;

/** A definition (its functions are a Set), not a document. */
export const isCatalogDefinition = (value: unknown): value is CatalogDefinition =>
  typeof value === 'object' && value !== null && (value as { functions?: unknown }).functions instanceof Set;

/** A catalog document: an object that is no definition. */
const isDocument = (item: unknown): boolean => typeof item === 'object' && item !== null && !isCatalogDefinition(item);

/** A document that says it is a v1.0 catalog (`protocolVersion` 1.x; without one a catalog is v0.9). */
const isV1Document = (item: unknown): boolean => isDocument(item) && /^1\./.test(String((item as { protocolVersion?: unknown }).protocolVersion));

/** What a list of catalogs given comes to. */
export interface ReadCatalogs {
  /** What the chat's A2UI state is given: the catalogs, or undefined for the defaults. */
  readonly options: readonly CatalogDefinition[] | undefined;
  /** What surfaces may name: the defaults when none was given. */
  readonly catalogs: readonly CatalogDefinition[];
  /** The documents among them as JSON text, by parameter (what a wire that carries catalogs inline sends). */
  readonly documents: Readonly<Record<string, readonly string[]>>;
  /** What is advertised, by parameter (`a2ui_catalog`: every catalog's ID; the defaults: A2UI_CATALOGS). */
  readonly advertises: Readonly<Record<string, readonly string[]>>;
  /** The version of each catalog that says one (`protocolVersion`: `1.0`), by its ID: definitions and documents alike. */
  readonly versions: Readonly<Record<string, string>>;
  /** Why each one left out was. */
  readonly refused: readonly string[];
}

/**
 * Reads the catalogs a page gave (`null`: the defaults; a value that is not a list: refused, and none of them). Each
 * document is read from its JSON text, taken once: what is enforced is what is advertised, whatever the page does to
 * its object afterwards, and a document that is not JSON (a BigInt, a cycle) is refused here, not at every run.
 * Never rejects.
 */
export async function readCatalogs(value: unknown, setting = 'a2uiCatalogs'): Promise<ReadCatalogs> {
  const list = value == null ? null : Array.isArray(value) ? (value as readonly unknown[]) : [];
  const given = list ?? DEFAULT_CATALOGS;
  const refused: string[] = list === null || Array.isArray(value) ? [] : [`${setting} must be a list of A2UI catalogs: none was used`];
  const catalogs: CatalogDefinition[] = [];
  const documents: string[] = [];
  let read: ((document: unknown, drawn: readonly CatalogDefinition[]) => CatalogDefinition) | null = null;
  // v1.0 documents are read onto v1.0's renderers, with their composition and callers (v1/catalog-json.ts).
  let readV1: ((document: unknown) => CatalogDefinition) | null = null;
  if (given.some(isDocument)) {
    try {
      const reader = (read = (await import('./json-catalog/index.js')).catalogFromJson);
      if (given.some(isV1Document)) {
        const v1 = await import('./v1/catalog-json.js').catch(() => null);
        readV1 = (document) => {
          if (!v1) throw new Error("A2UI v1.0's rules could not be loaded");
          return v1.readV1Catalog(document, reader);
        };
      }
    } catch {
      refused.push(`${setting}: mantis-ui/a2ui-json could not be loaded, so its catalog documents are left out`);
    }
  }
  // The built-in catalogs a page may name by ID: ours, and v1.0's basic one (its rules load for it).
  const v1Basic = given.includes(V1_BASIC_CATALOG_ID) ? await import('./v1/catalog-basic.js').then((v1) => [v1.V1_BASIC_CATALOG], () => []) : [];
  const builtIn = [...DEFAULT_CATALOGS, ...v1Basic];
  given.forEach((item, i) => {
    try {
      if (typeof item === 'string') {
        const named = builtIn.find((c) => c.catalogId === item);
        if (!named) throw new Error(item === V1_BASIC_CATALOG_ID ? "A2UI v1.0's rules could not be loaded" : `no catalog built into this client has the ID ${JSON.stringify(item.slice(0, 200))}`);
        item = named;
      }
      const text = isCatalogDefinition(item) ? null : JSON.stringify(item);
      const document: unknown = text === null ? null : JSON.parse(text ?? 'null');
      const catalog = text === null ? (item as CatalogDefinition) : readV1 && isV1Document(item) ? readV1(document) : read?.(document, DEFAULT_CATALOGS);
      if (!catalog) return;
      if (catalogs.some((c) => c.catalogId === catalog.catalogId)) throw new Error(`the catalog ${catalog.catalogId} is given twice`);
      catalogs.push(catalog);
      if (text !== null) documents.push(text);
    } catch (error) {
      refused.push(`${setting}[${i}] cannot be used: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  // The defaults are what the chat registers (v1.0's basic catalog among them, drawn once v1.0's rules load).
  const advertises = { [A2UI_CATALOG_PARAM]: list === null ? A2UI_CATALOGS : catalogs.map((c) => c.catalogId) };
  const versions = Object.fromEntries(catalogs.flatMap((c) => (c.protocolVersion ? [[c.catalogId, c.protocolVersion]] : [])));
  return { options: list === null ? undefined : catalogs, catalogs, documents: { [A2UI_CATALOG_PARAM]: documents }, advertises, versions, refused };
}

/** Whether two lists of catalogs hold the same items (a framework that renders again gives a new list of the same). */
export function sameCatalogs(a: unknown, b: unknown): boolean {
  if (a === b || (a == null && b == null)) return true;
  return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => item === b[i]);
}

/** The list each session was last configured with, once read. */
const applied = new WeakMap<ProtocolConfigTarget, unknown>();

/**
 * A chat's `a2uiCatalogs` (register.ts configureA2uiCatalogs loads this for them): read, then given to the session's
 * A2UI state and advertised, unless `current()` says a later list came meanwhile. A list with the same items as the
 * one in force changes nothing (no reading again, no surface started over).
 */
export async function configureCatalogs(list: unknown, target: ProtocolConfigTarget, current: () => boolean): Promise<void> {
  if (applied.has(target) && sameCatalogs(applied.get(target), list)) return;
  const read = await readCatalogs(list);
  if (!current()) return;
  applied.set(target, list);
  target.configureProtocol('a2ui', read);
}
