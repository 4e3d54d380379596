// mantis-ui's tags in this app's templates: the package's Svelte 5 element types, generated from its
// custom-elements.json (docs/svelte.md, "Typed templates").
import type {} from 'mantis-ui/svelte';
