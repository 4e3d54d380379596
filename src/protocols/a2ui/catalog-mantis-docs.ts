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

/** What our higher-order components (higher-order.ts) say: what each is for and expands to, and notes on properties. */
export const HIGHER_ORDER_DOCS: Readonly<Record<string, ComponentDoc>> = {
  PricingCard: {
    description: 'A plan with its price, features and a call-to-action button. Expands to Card > Column of Text (title, price, caption), a Column or List of feature Texts, and a primary Button.',
    properties: { features: 'a list of strings, or {"path"} to a list of strings in the data model.' },
  },
  StatCard: {
    description: 'One key figure with its label, an optional change with a trend arrow, and a caption. Expands to Card > Column of Text (label, value), a Row (trend arrow, delta) and a caption Text.',
  },
  KeyValueList: {
    description: 'Labelled values, one per row (details, specs, a receipt). Expands to a Column: an optional h4 Text, then a Column of Rows (label Text, value Text), or a List repeating one such Row over a bound list.',
    properties: { items: 'a list of {"label", "value"}, or {"path"} to such a list in the data model (each item\'s "label" and "value" keys are shown).' },
  },
  FormSection: {
    description: 'A titled group of form inputs. Expands to a Column: an h4 Text, an optional caption Text, then a Column of the children.',
    properties: { children: 'the ids of the inputs (TextField, CheckBox, ChoicePicker…), defined as separate components.' },
  },
};

/** The words of every higher-order component: ours from HIGHER_ORDER_DOCS, another's from its definition. */
const higherOrderDocs = (): Record<string, ComponentDoc> =>
  Object.fromEntries(
    Object.values(HIGHER_ORDER).map((definition) => {
      const { description = '', notes } = definition;
      return [definition.name, HIGHER_ORDER_DOCS[definition.name] ?? (notes ? { description, properties: notes } : { description })];
    }),
  );

/** The descriptions catalogJson publishes with MANTIS_CATALOG. */
export const MANTIS_DESCRIPTIONS: CatalogDescriptions = {
  title: 'Mantis A2UI catalog',
  description:
    'The A2UI basic catalog, plus Mantis components (Mantis*: rich leaves with literal props) and higher-order components that the client expands into basic ones (prefer them to building the same thing from primitives).',
  components: { ...BASIC_DESCRIPTIONS.components, ...mantisDocs(), ...higherOrderDocs() },
  ...(BASIC_DESCRIPTIONS.functions ? { functions: BASIC_DESCRIPTIONS.functions } : {}),
};
