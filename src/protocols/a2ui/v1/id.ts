/** The basic catalog of A2UI v1.0 (a2ui-v1.0/catalogs/basic/catalog.json `catalogId`), drawn once v1.0's rules load. */
export const V1_BASIC_CATALOG_ID = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';
