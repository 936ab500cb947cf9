#!/usr/bin/env node
'use strict';

const { slug } = require('../lib/slug');

console.log(slug(process.argv.slice(2).join(' ')));
