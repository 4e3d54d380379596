// @ts-check
/** Read by @sveltejs/vite-plugin-svelte and svelte-check. Every component uses runes (Svelte 5's reactivity). */
export default {
  compilerOptions: { runes: true },
};
