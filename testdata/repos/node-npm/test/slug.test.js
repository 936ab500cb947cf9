'use strict';

const test = require('node:test');
const assert = require('node:assert');
const { slug } = require('../lib/slug');

test('slug joins words', () => {
  assert.strictEqual(slug('Hello, World!'), 'hello-world');
});

test('slug trims dashes', () => {
  assert.strictEqual(slug('  --a--  '), 'a');
});
