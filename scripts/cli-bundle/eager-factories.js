// A rolldown plugin for the CLI bundle (rolldown.config.js): each CommonJS module in it is a
// function that rolldown wraps, `__commonJSMin((exports, module) => { ... })`, and runs on its first
// `require`. V8 compiles a function lazily: it pre-parses the function's text with the module, then
// parses it again in full the first time it is called. For these functions, most of which every
// start calls (fastify, find-my-way, commander, avvio, semver), that reads each one twice. A function
// in parentheses, `(function (exports, module) { ... })`, V8 takes for one about to be called and
// compiles with the module, once (the parenthesised-function heuristic; rollup wraps its factories
// so for the same reason). `addon exec -- true` imports the bundle ~12 ms faster this way
// (docs/performance.md).
//
// Done on the minified chunks, whose minifier would make the functions arrows again; each chunk's
// source map is moved along with the code, so `--enable-source-maps` positions stay exact.

/** The plugin; it warns, and leaves the chunk as it is, where it cannot find the wrapper. */
export function eagerFactories() {
  return {
    name: 'eager-commonjs-factories',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const runtime = chunks.map((chunk) => runtimeExport(chunk.code)).find(Boolean);
      for (const chunk of chunks) {
        if (!chunk.code.includes('/* @__PURE__ */')) continue;
        const wrapper = runtime && wrapperIn(chunk.code, runtime);
        if (!wrapper) {
          if (/rolldown-runtime/.test(chunk.code)) this.warn(`${chunk.fileName}: no __commonJSMin found; left lazy`);
          continue;
        }
        const edits = [];
        const factory = new RegExp(
          `/\\* @__PURE__ \\*/ ${escape(wrapper)}\\(\\((?:\\(([\\w$,]*)\\)|([\\w$]+))=>\\{`,
          'g',
        );
        const code = chunk.code.replace(factory, (match, params, param, offset) => {
          const arrow = match.slice(match.indexOf('((') + 2);
          const replacement = `function(${params ?? param}){`;
          edits.push({ at: offset + match.length - arrow.length, removed: arrow.length, added: replacement.length });
          return match.slice(0, match.length - arrow.length) + replacement;
        });
        if (!edits.length) continue;
        const byLine = lineEdits(chunk.code, edits);
        if (chunk.map) chunk.map.mappings = shiftMappings(chunk.map.mappings, byLine);
        // The .map file is already an asset of its own by now.
        const mapFile = bundle[`${chunk.fileName}.map`];
        if (mapFile?.type === 'asset') {
          const map = JSON.parse(String(mapFile.source));
          map.mappings = shiftMappings(map.mappings, byLine);
          mapFile.source = JSON.stringify(map);
        }
        chunk.code = code;
      }
    },
  };
}

const escape = (text) => text.replace(/[.$]/g, '\\$&');

/** The name the runtime chunk exports __commonJSMin as (an ES module's `export{…}`, or CommonJS `exports.t`). */
function runtimeExport(code) {
  return (
    code.match(/__commonJSMin as ([\w$]+)[,}]/)?.[1] ??
    code.match(/"([\w$]+)",\{enumerable:!0,get:function\(\)\{return __commonJSMin\}/)?.[1]
  );
}

/** How a chunk calls __commonJSMin: the local name it imports it as, or `runtime.t` in CommonJS. */
function wrapperIn(code, exported) {
  const imported = code.match(/import\{([^}]*)\}from"\.\/rolldown-runtime[^"]*"/);
  if (imported) {
    for (const specifier of imported[1].split(',')) {
      const [name, local = name] = specifier.split(' as ');
      if (name === exported) return local;
    }
    return null;
  }
  const required = code.match(/(?:const|var|let) ([\w$]+)=require\("\.\/rolldown-runtime[^"]*"\)/);
  return required ? `${required[1]}.${exported}` : null;
}

/** The edits by line: each at its column in the code before them. */
function lineEdits(code, edits) {
  const byLine = new Map();
  let line = 0;
  let lineStart = 0;
  let searched = 0;
  for (const edit of edits) {
    for (let i = code.indexOf('\n', searched); i !== -1 && i < edit.at; i = code.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
      searched = i + 1;
    }
    if (!byLine.has(line)) byLine.set(line, []);
    byLine.get(line).push({ ...edit, at: edit.at - lineStart });
  }
  return byLine;
}

/** Source map mappings with each generated column moved past the text the edits put in before it. */
function shiftMappings(mappings, byLine) {
  return mappings
    .split(';')
    .map((segments, line) => {
      const edits = byLine.get(line);
      if (!edits || !segments) return segments;
      let previous = 0;
      let shiftedPrevious = 0;
      return segments
        .split(',')
        .map((segment) => {
          const fields = decode(segment);
          const column = previous + fields[0];
          previous = column;
          let shifted = column;
          for (const { at, removed, added } of edits) {
            if (column >= at + removed) shifted += added - removed;
            else if (column > at) shifted -= column - at;
          }
          fields[0] = shifted - shiftedPrevious;
          shiftedPrevious = shifted;
          return encode(fields);
        })
        .join(',');
    })
    .join(';');
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function decode(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encode(values) {
  let text = '';
  for (const value of values) {
    let rest = value < 0 ? (-value << 1) | 1 : value << 1;
    do {
      let digit = rest & 31;
      rest >>>= 5;
      if (rest) digit |= 32;
      text += BASE64[digit];
    } while (rest);
  }
  return text;
}
