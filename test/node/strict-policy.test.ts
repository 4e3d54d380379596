// The policy the strict page is served with (test/fixtures/strict/policy.mjs) is the one docs/strict-pages.md tells
// hosts to write: test/strict-page.test.ts proves only what that header allows, so the two must not drift apart.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { strictPolicy } from '../fixtures/strict/policy.mjs';

/** Directive name to its sources, in order; a directive named twice fails (a browser would ignore the second). */
function directives(policy: string): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [directive, ...sources] = part.trim().split(/\s+/).filter(Boolean);
    if (!directive) continue;
    const name = directive.toLowerCase();
    assert.ok(!parsed.has(name), `${name} named twice`);
    parsed.set(name, sources);
  }
  return parsed;
}

/** The doc's ```http block: one `Content-Security-Policy:` header, its value spread over the following lines. */
function documented(): Map<string, string[]> {
  const block = /```http\n([\s\S]*?)```/.exec(readFileSync('docs/strict-pages.md', 'utf8'))?.[1];
  assert.ok(block, 'docs/strict-pages.md has an http block');
  const value = /^Content-Security-Policy:([\s\S]*)$/.exec(block.trim())?.[1];
  assert.ok(value, 'the http block is a Content-Security-Policy header');
  return directives(value.replace(/\s+/g, ' '));
}

const AGENT = 'https://agent.example.com';

test('the strict page is served with exactly the policy docs/strict-pages.md shows', () => {
  const doc = documented();
  // The doc is the policy a host writes, not an empty block that any policy would match.
  assert.ok(doc.size >= 9, `only ${doc.size} directives in the doc`);
  assert.deepEqual(doc.get('connect-src'), ["'self'", AGENT, 'wss://agent.example.com']);
  const served = directives(strictPolicy(AGENT));
  assert.deepEqual([...served.keys()].sort(), [...doc.keys()].sort());
  for (const [name, sources] of doc) assert.deepEqual([...(served.get(name) ?? [])].sort(), [...sources].sort(), name);
});

test('the policy relaxes nothing: no unsafe keyword, no strict-dynamic, no nonce or hash', () => {
  for (const [where, policy] of [
    ['served', directives(strictPolicy(AGENT))],
    ['documented', documented()],
  ] as const) {
    for (const [name, sources] of policy) {
      for (const source of sources) {
        assert.doesNotMatch(source, /^'(unsafe-inline|unsafe-eval|unsafe-hashes|wasm-unsafe-eval|strict-dynamic)'$/i, `${where} ${name}`);
        assert.doesNotMatch(source, /^'(nonce|sha256|sha384|sha512)-/i, `${where} ${name}`);
      }
    }
  }
});
