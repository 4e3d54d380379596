import { NODE_DESCRIPTIONS } from '../../catalog/docs.js';
import type { NodeType } from '../../catalog/index.js';
import { BASIC_DESCRIPTIONS, type CatalogDescriptions, type ComponentDoc } from './catalog-json.js';
import { MANTIS_NOTES, MANTIS_V1_COMPONENTS } from './catalog-mantis.js';
import { HIGHER_ORDER } from './higher-order.js';

/*
 * The words catalogJson publishes with our catalog (catalog-mantis.ts): a file of their own, so that the chat and the
 * renderer, which validate against the catalog but never write its JSON, do not download them.
 */

/** The words of the Mantis* components: the v1 purpose and notes, what differs in A2UI, and "literal values only". */
const mantisDocs = (): Record<string, ComponentDoc> =>
  Object.fromEntries(
    Object.entries(MANTIS_V1_COMPONENTS).map(([name, definition]) => {
      const extra = MANTIS_NOTES[name];
      const described = NODE_DESCRIPTIONS[definition.type as NodeType];
      const description = `${described.purpose}${extra ? ` ${extra}` : ''} Literal values only (no bindings).`;
      const notes = described.notes;
      return [name, notes ? { description, properties: notes } : { description }];
    }),
  );

/** What the higher-order components say: their description (with what they expand to) and their notes. */
const higherOrderDocs = (): Record<string, ComponentDoc> =>
  Object.fromEntries(
    Object.values(HIGHER_ORDER).map((definition) => [
      definition.name,
      definition.notes ? { description: definition.description, properties: definition.notes } : { description: definition.description },
    ]),
  );

/** The descriptions catalogJson publishes with MANTIS_CATALOG. */
export const MANTIS_DESCRIPTIONS: CatalogDescriptions = {
  title: 'Mantis A2UI catalog',
  description:
    'The A2UI basic catalog, plus Mantis components (Mantis*: rich leaves with literal props) and higher-order components that the client expands into basic ones (prefer them to building the same thing from primitives).',
  components: { ...BASIC_DESCRIPTIONS.components, ...mantisDocs(), ...higherOrderDocs() },
  ...(BASIC_DESCRIPTIONS.functions ? { functions: BASIC_DESCRIPTIONS.functions } : {}),
};
