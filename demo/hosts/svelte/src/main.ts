import { mount } from 'svelte';
import App from './App.svelte';
import { readSettings } from './settings.js';
import './app.css';

const settings = readSettings(location.search, location.origin);
// Importing mantis-ui defines its elements. An app usually imports it up front; with ?define=late the app mounts
// first and defines them when asked (a lazily loaded feature), so every value Svelte set before must survive it.
const define = (): Promise<unknown> => import('mantis-ui');
if (!settings.late) await define();

const target = document.querySelector<HTMLElement>('#app');
if (!target) throw new Error('index.html has no #app element');
mount(App, { target, props: { settings, define: settings.late ? define : null } });
