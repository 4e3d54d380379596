// The reference server's side of actions (000_de6e533300a72cb9.txt, "Actions"): `action` frames over the Composer
// WebSocket and SSE, applied to the same bag store the bags API serves, once per client_action_id.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, afterEach, test } from 'node:test';
import { WebSocket } from 'ws';
import { COMPOSER_PATH, COMPOSER_SSE_PATH, startAgentServer, type AgentServer } from '../../demo/server/agent-server.js';
import { BagStore, SELECTION_BAG_NAME } from '../../demo/server/bags.js';
import { createBagDirectory, prepareAddToBag, type Action, type ServerEvent } from '../../src/index.js';
import { EventLog } from './event-log.js';

const servers: AgentServer[] = [];
const clients: Client[] = [];
// Every client closes after its test, passed or failed, so a failure cannot keep the process alive.
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
after(() => Promise.all(servers.map((s) => s.close())));

/** A server of its own; `seed: false` for one with no bag and no active bag. */
async function serve(seed = true): Promise<AgentServer> {
  const server = await startAgentServer({ port: 0, bags: new BagStore({ seed }) });
  servers.push(server);
  return server;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const point = (id: string) => `mantis://map/city/point/${id}`;
const addToBag = (points: string[], destination: { bagId?: string; bagName?: string } = {}) => ({
  id: 'add',
  type: 'add-to-bag',
  label: 'Add to bag',
  targets: points.map((uri) => ({ uri })),
  ...destination,
});
const runTask = { id: 'run', type: 'run-task', label: 'Run', task: 'Summarize the cluster', taskId: 0 };
const summarize = { id: 'sum', type: 'summarize', label: 'Summarize', target: { uri: 'mantis://map/city/cluster/c1' } };

type Result = Extract<ServerEvent, { type: 'action_result' }>;
const isResult = (id: string) => (e: ServerEvent) => e.type === 'action_result' && e.client_action_id === id;
const isTask = (id: string) => (e: ServerEvent) => e.type === 'task' && e.client_action_id === id;

/** One Composer connection: what it received, and how to send frames. */
class Client extends EventLog<ServerEvent> {
  #messages = 0;

  constructor(
    readonly send: (frame: unknown) => void,
    readonly close: () => Promise<void>,
  ) {
    super();
    clients.push(this);
  }

  receive(event: ServerEvent): void {
    this.record(event);
  }

  async result(id: string): Promise<Result> {
    return (await this.next(isResult(id)))[0] as Result;
  }

  /** Sends a user message and answers the ID of the assistant reply, once it ended. */
  async reply(mode: 'orchestrator' | 'ask'): Promise<string> {
    const id = `u${this.#messages++}-${randomUUID()}`;
    this.send({ type: 'user_message', client_message_id: id, text: 'hi', mode });
    const [start] = await this.next((e) => e.type === 'message_start' && e.in_reply_to === id);
    const messageId = start?.type === 'message_start' ? start.message_id : '';
    await this.next((e) => e.type === 'message_end' && e.message_id === messageId);
    return messageId;
  }

  /** Sends an action frame about a message. */
  act(messageId: string, clientActionId: string, action: unknown, extra: Record<string, unknown> = {}): void {
    this.send({ type: 'action', client_action_id: clientActionId, message_id: messageId, view_id: 'v', node_id: 'n', action, ...extra });
  }
}

/** A Composer WebSocket connection of a session; it resumes first, so it sees the session's log. */
async function socketClient(server: AgentServer, session: string, query = ''): Promise<Client> {
  const socket = new WebSocket(`ws${server.origin.slice(4)}${COMPOSER_PATH}?delay=0&session_id=${session}${query}`);
  const c = new Client(
    (frame) => socket.send(JSON.stringify(frame)),
    async () => {
      if (socket.readyState === socket.CLOSED) return;
      const closed = new Promise((done) => socket.once('close', done));
      socket.close();
      await closed;
    },
  );
  socket.on('message', (data) => c.receive(JSON.parse(String(data)) as ServerEvent));
  await new Promise((done, fail) => {
    socket.once('open', done);
    socket.once('error', fail);
  });
  socket.send(JSON.stringify({ type: 'resume' }));
  return c;
}

/** A Composer SSE stream of a session; its frames are POSTed (each `send` waits for the previous POST). */
async function sseClient(server: AgentServer, session: string, query = ''): Promise<Client> {
  const url = `${server.origin}${COMPOSER_SSE_PATH}?delay=0&session_id=${session}${query}`;
  const abort = new AbortController();
  const stream = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: abort.signal });
  let posted: Promise<unknown> = Promise.resolve();
  const c = new Client(
    (frame) => {
      posted = posted.then(async () => assert.equal((await fetch(url, { method: 'POST', body: JSON.stringify(frame) })).status, 202));
    },
    async () => {
      await posted.catch(() => undefined);
      abort.abort();
    },
  );
  void (async () => {
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .find((line) => line.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (data) c.receive(JSON.parse(data.slice(6)) as ServerEvent);
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return c;
}

const session = (name: string) => `${name}-${randomUUID()}`;
const listBags = async (server: AgentServer) =>
  ((await (await fetch(`${server.origin}/api/v1/bags`)).json()) as { bags: Array<{ id: string; name: string; mutable: boolean }> }).bags;
const pointsOf = async (server: AgentServer, id: string) => ((await (await fetch(`${server.origin}/api/v1/bags/${id}`)).json()) as { points: string[] }).points;
const putActive = (server: AgentServer, id: string | null) =>
  fetch(`${server.origin}/api/v1/bags/active`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) });
const activeId = async (server: AgentServer) => ((await (await fetch(`${server.origin}/api/v1/bags/active`)).json()) as { id: string | null }).id;

for (const transport of ['WebSocket', 'SSE'] as const) {
  const connect = transport === 'WebSocket' ? socketClient : sseClient;

  test(`${transport}: an add-to-bag sent twice at once is applied once, and both frames get the same result`, async () => {
    const server = await serve();
    const picks = server.bags.create('Picks');
    server.bags.addPoints(picks.id, [point('p1')]);
    const c = await connect(server, session('twice'));
    const message = await c.reply('orchestrator');
    const frame = addToBag([point('p1'), point('p2'), point('p3')], { bagId: picks.id });
    c.act(message, 'add-1', frame);
    c.act(message, 'add-1', frame);
    const [first, second] = (await c.next(isResult('add-1'), 2)) as Result[];
    assert.deepEqual(first, { type: 'action_result', client_action_id: 'add-1', status: 'accepted' });
    assert.deepEqual(second, first);
    // One point was there already: the bag grows by the two new ones, once.
    assert.deepEqual(await pointsOf(server, picks.id), [point('p1'), point('p2'), point('p3')]);
    // Sent again later (a resend after a reconnect): the same answer, nothing written.
    server.bags.setActive(null);
    c.act(message, 'add-1', addToBag([point('p4')], { bagId: picks.id }));
    const third = (await c.next(isResult('add-1'), 3))[2];
    assert.deepEqual(third, first);
    assert.equal((await pointsOf(server, picks.id)).length, 3);
    assert.equal(await activeId(server), null);
  });
}

test('a bag named by both ID and name is refused with a reason, and nothing is created or written', async () => {
  const server = await serve();
  const before = await listBags(server);
  const both = addToBag([point('p1')], { bagId: 'b1', bagName: 'Composer selection' });
  // The frame schema refuses it already: over the WebSocket an error naming the rule, over SSE a 400.
  const c = await socketClient(server, session('both'));
  const message = await c.reply('orchestrator');
  c.act(message, 'both-1', both);
  const [error] = await c.next((e) => e.type === 'error');
  assert.match(error?.type === 'error' ? error.message : '', /by ID or by name, never both/);
  const sse = await fetch(`${server.origin}${COMPOSER_SSE_PATH}?session_id=${session('both-sse')}`, {
    method: 'POST',
    body: JSON.stringify({ type: 'action', client_action_id: 'both-2', message_id: message, view_id: 'v', node_id: 'n', action: both }),
  });
  assert.equal(sse.status, 400);
  // The store checks it again, whatever reaches it.
  assert.deepEqual(server.bags.addToBag({ points: [point('p1')], bagId: 'b1', bagName: 'Composer selection' }), {
    ok: false,
    reason: 'a bag action names a bag by ID or by name, never both',
  });
  assert.deepEqual(await listBags(server), before);
  assert.deepEqual(await pointsOf(server, 'b1'), []);
});

test('a missing explicit bag, by ID or by name, is refused with a reason and never created', async () => {
  const server = await serve();
  const before = await listBags(server);
  const c = await socketClient(server, session('missing'));
  const message = await c.reply('orchestrator');
  c.act(message, 'by-id', addToBag([point('p1')], { bagId: 'b9' }));
  c.act(message, 'by-name', addToBag([point('p1')], { bagName: 'Nowhere' }), { create_selection_bag: true });
  assert.deepEqual(await c.result('by-id'), {
    type: 'action_result',
    client_action_id: 'by-id',
    status: 'rejected',
    reason: 'no bag "b9": a destination must already exist',
  });
  assert.deepEqual(await c.result('by-name'), {
    type: 'action_result',
    client_action_id: 'by-name',
    status: 'rejected',
    reason: 'no bag named "Nowhere": a destination must already exist',
  });
  assert.deepEqual(await listBags(server), before);
  assert.deepEqual(await pointsOf(server, 'b1'), []);
});

test('a read-only bag is a rejection with a reason, by ID and by name', async () => {
  const server = await serve();
  const c = await socketClient(server, session('read-only'));
  const message = await c.reply('orchestrator');
  c.act(message, 'ro-id', addToBag([point('p1')], { bagId: 'b2' }));
  c.act(message, 'ro-name', addToBag([point('p1')], { bagName: 'Survey 2023 (read-only)' }));
  for (const id of ['ro-id', 'ro-name']) {
    const result = await c.result(id);
    assert.equal(result.status, 'rejected');
    assert.equal(result.reason, 'bag "Survey 2023 (read-only)" (b2) is read-only');
  }
  assert.deepEqual(await pointsOf(server, 'b2'), ['mantis://map/city/point/J-101']);
});

test('without a destination, points go to the active bag: the mutable bag written last', async () => {
  const server = await serve();
  assert.equal(await activeId(server), 'b1');
  const c = await socketClient(server, session('active'));
  const message = await c.reply('orchestrator');
  c.act(message, 'to-b1', addToBag([point('p1')]));
  assert.equal((await c.result('to-b1')).status, 'accepted');
  assert.deepEqual(await pointsOf(server, 'b1'), [point('p1')]);
  // A write through the bags API makes another bag the active one.
  const created = await fetch(`${server.origin}/api/v1/bags`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Picks"}' });
  const picks = ((await created.json()) as { id: string }).id;
  const write = await fetch(`${server.origin}/api/v1/bags/${picks}/points`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ points: [point('p9')] }),
  });
  assert.equal(write.status, 200);
  assert.equal(await activeId(server), picks);
  c.act(message, 'to-picks', addToBag([point('p2'), point('p9')]));
  assert.equal((await c.result('to-picks')).status, 'accepted');
  assert.deepEqual(await pointsOf(server, picks), [point('p9'), point('p2')]);
  assert.deepEqual(await pointsOf(server, 'b1'), [point('p1')]);
  // An explicit destination is written, and becomes the active bag.
  c.act(message, 'to-b1-again', addToBag([point('p3')], { bagName: 'Composer selection' }));
  assert.equal((await c.result('to-b1-again')).status, 'accepted');
  assert.equal(await activeId(server), 'b1');
  // The active bag can be chosen or cleared through the API (a read-only one too: see the next test); an unknown bag
  // cannot be made active.
  assert.equal((await putActive(server, 'b9')).status, 404);
  assert.equal((await putActive(server, picks)).status, 200);
  assert.equal(await activeId(server), picks);
});

test('a read-only active bag is no destination: the client confirms the Composer selection bag, which the server uses only then', async () => {
  const server = await serve();
  assert.equal((await putActive(server, 'b2')).status, 200);
  assert.equal(await activeId(server), 'b2');
  const action = addToBag([point('p1'), point('p2')]) as Extract<Action, { type: 'add-to-bag' }>;
  // The confirmation the client derives from the bags API says where the points go (000: "uses the active mutable bag
  // or creates a confirmed Composer selection bag"), instead of refusing the action.
  assert.deepEqual(await prepareAddToBag(action, createBagDirectory(`${server.origin}/api/v1/bags`)), {
    allowed: true,
    createSelectionBag: true,
    description: 'The active bag “Survey 2023 (read-only)” is read-only. Add 2 points to the bag “Composer selection”?',
  });
  const c = await socketClient(server, session('read-only-active'));
  const message = await c.reply('orchestrator');
  c.act(message, 'unconfirmed', action);
  assert.deepEqual(await c.result('unconfirmed'), {
    type: 'action_result',
    client_action_id: 'unconfirmed',
    status: 'rejected',
    reason: 'the active bag "Survey 2023 (read-only)" (b2) is read-only; confirm creating the Composer selection bag',
  });
  c.act(message, 'confirmed', action, { create_selection_bag: true });
  assert.equal((await c.result('confirmed')).status, 'accepted');
  assert.deepEqual(await pointsOf(server, 'b1'), [point('p1'), point('p2')]);
  assert.deepEqual(await pointsOf(server, 'b2'), ['mantis://map/city/point/J-101']);
  assert.equal(await activeId(server), 'b1');
});

test('without a destination and without an active bag, nothing is written unless the user confirmed the selection bag', async () => {
  const server = await serve(false);
  const c = await socketClient(server, session('no-active'));
  const message = await c.reply('orchestrator');
  c.act(message, 'unconfirmed', addToBag([point('p1')]));
  assert.deepEqual(await c.result('unconfirmed'), {
    type: 'action_result',
    client_action_id: 'unconfirmed',
    status: 'rejected',
    reason: 'no active bag; confirm creating the Composer selection bag',
  });
  assert.deepEqual(await listBags(server), []);
  // Confirmed: the bag is created once, even for a frame sent twice, and later actions go to it (now active).
  c.act(message, 'confirmed', addToBag([point('p1'), point('p2')]), { create_selection_bag: true });
  c.act(message, 'confirmed', addToBag([point('p1'), point('p2')]), { create_selection_bag: true });
  const results = await c.next(isResult('confirmed'), 2);
  assert.ok(results.every((r) => r.type === 'action_result' && r.status === 'accepted'));
  c.act(message, 'confirmed-again', addToBag([point('p3')]), { create_selection_bag: true });
  assert.equal((await c.result('confirmed-again')).status, 'accepted');
  const bags = await listBags(server);
  assert.deepEqual(bags, [{ id: 'b1', name: SELECTION_BAG_NAME, mutable: true }]);
  assert.deepEqual(await pointsOf(server, 'b1'), [point('p1'), point('p2'), point('p3')]);
  // The same rejection stays the answer of its client_action_id: a confirmation is a new action.
  c.act(message, 'unconfirmed', addToBag([point('p1')]), { create_selection_bag: true });
  const again = await c.next(isResult('unconfirmed'), 2);
  assert.deepEqual(again[1], again[0]);
  assert.equal((await pointsOf(server, 'b1')).length, 3);
});

test('a confirmed selection bag that already exists by name is used, not created again', async () => {
  const server = await serve();
  assert.equal((await putActive(server, null)).status, 200);
  assert.equal(await activeId(server), null);
  const c = await socketClient(server, session('selection-exists'));
  const message = await c.reply('orchestrator');
  c.act(message, 'no', addToBag([point('p1')]));
  assert.equal((await c.result('no')).reason, 'no active bag; confirm creating the Composer selection bag');
  c.act(message, 'yes', addToBag([point('p1')]), { create_selection_bag: true });
  assert.equal((await c.result('yes')).status, 'accepted');
  assert.deepEqual((await listBags(server)).map((b) => b.id), ['b1', 'b2']);
  assert.deepEqual(await pointsOf(server, 'b1'), [point('p1')]);
  assert.equal(await activeId(server), 'b1');
});

for (const transport of ['WebSocket', 'SSE'] as const) {
  test(`${transport}: run-task is accepted, then trusted task events carry its client_action_id and task ID 0`, async () => {
    const server = await serve();
    const c = await (transport === 'WebSocket' ? socketClient : sseClient)(server, session('task'));
    const message = await c.reply('orchestrator');
    c.act(message, 'run-1', runTask);
    c.act(message, 'run-1', runTask);
    const tasks = await c.next(isTask('run-1'), 3);
    assert.deepEqual(
      tasks.map((e) => e.type === 'task' && [e.task_id, e.status]),
      [
        [0, 'delivered'],
        [0, 'running'],
        [0, 'completed'],
      ],
    );
    // The result comes first; the second frame is answered the same and starts no second task.
    const results = await c.next(isResult('run-1'), 2);
    assert.deepEqual(results[1], { type: 'action_result', client_action_id: 'run-1', status: 'accepted' });
    assert.deepEqual(results[0], results[1]);
    assert.ok(c.seen.indexOf(results[0] as ServerEvent) < c.seen.findIndex(isTask('run-1')));
    await sleep(150);
    assert.equal(c.seen.filter(isTask('run-1')).length, 3);
  });
}

test('an Ask-authored message allows only read-only actions, whatever the client sends; nothing is written', async () => {
  const server = await serve();
  const c = await socketClient(server, session('ask'));
  const message = await c.reply('ask');
  c.act(message, 'ask-bag', addToBag([point('p1')], { bagId: 'b1' }), { create_selection_bag: true });
  c.act(message, 'ask-task', runTask);
  c.act(message, 'ask-sum', summarize);
  for (const id of ['ask-bag', 'ask-task']) {
    assert.deepEqual(await c.result(id), { type: 'action_result', client_action_id: id, status: 'rejected', reason: 'not available in Ask mode' });
  }
  assert.equal((await c.result('ask-sum')).status, 'accepted');
  // Sent again (a hand-written client retrying): the same rejection, still nothing written.
  c.act(message, 'ask-bag', addToBag([point('p1')], { bagId: 'b1' }));
  assert.equal(((await c.next(isResult('ask-bag'), 2))[1] as Result).reason, 'not available in Ask mode');
  await sleep(150);
  assert.deepEqual(server.bags.get('b1')?.points, []);
  assert.equal(c.seen.filter((e) => e.type === 'task').length, 0);
});

test('the noresult fault withholds the first result; the frame sent again after a reconnect gets it, applied once', async () => {
  const server = await serve();
  const id = session('noresult');
  const first = await socketClient(server, id, '&fault=noresult:1');
  const message = await first.reply('orchestrator');
  first.act(message, 'lost', addToBag([point('p1'), point('p2')], { bagId: 'b1' }));
  // Applied, but no answer reaches the client.
  await sleep(150);
  assert.equal(first.seen.filter(isResult('lost')).length, 0);
  assert.deepEqual(await pointsOf(server, 'b1'), [point('p1'), point('p2')]);
  await first.close();
  // The client reconnects and sends every unanswered action frame again.
  const second = await socketClient(server, id, '&fault=noresult:1');
  second.act(message, 'lost', addToBag([point('p1'), point('p2')], { bagId: 'b1' }));
  assert.deepEqual(await second.result('lost'), { type: 'action_result', client_action_id: 'lost', status: 'accepted' });
  assert.equal((await pointsOf(server, 'b1')).length, 2);
});
