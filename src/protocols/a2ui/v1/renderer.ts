import type { A2uiDialect } from '../dialect.js';
import { AgentCalls } from './calls.js';
import { A2UI_V1 } from './index.js';

/*
 * v1.0 for a renderer (what loadA2uiVersion loads): A2UI_V1 and the renderer's calls to the agent's functions, which
 * a backend that only validates (`mantis-ui/a2ui-v1`) does not carry.
 */

export const A2UI_V1_RENDERER: A2uiDialect = { ...A2UI_V1, calls: (host) => new AgentCalls(host) };
