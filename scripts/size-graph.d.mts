// Types of scripts/size-graph.mjs (plain JavaScript, checked with @ts-check) for the TypeScript tests.

/** One built file: paths relative to the root with `/`; `sources` its map's source modules, or null without a map. */
export interface GraphFile {
  path: string;
  bytes: number;
  gzipBytes: number;
  imports: string[];
  dynamicImports: string[];
  sources: string[] | null;
}
export type Graph = Map<string, GraphFile>;
/** A file a page fetches and the named modules it holds. */
export interface PageFile {
  path: string;
  gzipBytes: number;
  bytes: number;
  modules: string[];
}
export interface PageFiles {
  files: PageFile[];
  gzipBytes: number;
  bytes: number;
}

export function readGraph(dir: string, options?: { root?: string }): Promise<Graph>;
export function staticClosure(graph: Graph, from: string[]): string[];
export function filesHolding(graph: Graph, module: string): string[];
export function duplicateModules(graph: Graph): { module: string; files: string[] }[];
export function loaderEntries(loader: string, options?: { root?: string }): Promise<string[]>;
export function pageFiles(graph: Graph, page: { start: string[]; modules: string[]; extra?: GraphFile[] }): PageFiles;
export function scriptTagPage(loader: string, modules: string[], options?: { root?: string }): Promise<PageFiles & { graph: Graph; dir: string }>;
