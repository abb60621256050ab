/*
 * API reference viewer for an OpenAPI 3.x document.
 *
 * Plain JavaScript, no dependencies, no network access except fetching the
 * OpenAPI document named by the data-spec attribute of #apidocs (same origin).
 * The DOM is built with createElement/textContent only, so nothing from the
 * document is ever interpreted as HTML, and the page works under a strict
 * Content-Security-Policy (no inline scripts or styles).
 *
 * To stay fast with hundreds of operations, only one tag is shown at a time,
 * operation bodies are rendered when they approach the viewport (and in idle
 * time), and nested schemas, non-success responses are rendered on demand.
 */
(function () {
  'use strict';

  var root = document.getElementById('apidocs');
  if (!root) return;

  var METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
  var PARAM_ORDER = { path: 0, query: 1, header: 2, cookie: 3 };
  var ANNOTATIONS = ['title', 'description', 'deprecated', 'readOnly', 'writeOnly', 'default', 'example', 'examples', 'nullable'];
  var MAX_ENUM = 40;

  var els = {
    title: byId('ad-title'),
    version: byId('ad-version'),
    specLink: byId('ad-spec-link'),
    search: byId('ad-search'),
    searchStatus: byId('ad-search-status'),
    nav: byId('ad-nav'),
    sidebar: root.querySelector('.sidebar'),
    main: byId('ad-main')
  };

  var spec = null;
  var ops = [];                       // all operations in document order
  var opById = Object.create(null);   // anchor id -> operation
  var tags = [];                      // tag groups that have operations
  var tagByName = Object.create(null);
  var currentTag = null;
  var currentCard = null;
  var activeNav = null;
  var introEl = null;
  var searching = false;
  var observer = null;

  // ---------------------------------------------------------------- helpers

  function byId(id) { return document.getElementById(id); }

  // h(tag, props, ...children) builds an element. props: class, text, or any
  // attribute (null/false values are skipped, true sets an empty attribute).
  function h(tag, props) {
    var el = document.createElement(tag);
    if (props) {
      for (var k in props) {
        if (!Object.prototype.hasOwnProperty.call(props, k)) continue;
        var v = props[k];
        if (v == null || v === false) continue;
        if (k === 'class') el.className = v;
        else if (k === 'text') el.textContent = v;
        else el.setAttribute(k, v === true ? '' : String(v));
      }
    }
    for (var i = 2; i < arguments.length; i++) add(el, arguments[i]);
    return el;
  }

  function add(el, c) {
    if (c == null || c === false) return;
    if (Array.isArray(c)) {
      for (var i = 0; i < c.length; i++) add(el, c[i]);
      return;
    }
    el.appendChild(typeof c === 'object' ? c : document.createTextNode(String(c)));
  }

  function isObj(v) { return v !== null && typeof v === 'object' && !Array.isArray(v); }

  function keys(o) { return isObj(o) ? Object.keys(o) : []; }

  function has(o, k) { return isObj(o) && Object.prototype.hasOwnProperty.call(o, k); }

  function fmtValue(v) {
    var s;
    try { s = JSON.stringify(v); } catch (e) { s = String(v); }
    if (s === undefined) s = String(v);
    return s.length > 160 ? s.slice(0, 157) + '\u2026' : s;
  }

  function hashFor(id) { return '#' + encodeURIComponent(id); }

  function tagHash(t) { return '#tag/' + encodeURIComponent(t.name); }

  var idle = window.requestIdleCallback
    ? function (fn) { return window.requestIdleCallback(fn, { timeout: 500 }); }
    : function (fn) { return setTimeout(function () { fn({ timeRemaining: function () { return 8; } }); }, 16); };

  // ----------------------------------------------------------- $ref support

  function resolvePointer(ref) {
    if (typeof ref !== 'string' || ref.charAt(0) !== '#') return undefined;
    var parts = ref.slice(1).split('/');
    var cur = spec;
    for (var i = 1; i < parts.length; i++) {
      var p;
      try { p = decodeURIComponent(parts[i]); } catch (e) { p = parts[i]; }
      p = p.replace(/~1/g, '/').replace(/~0/g, '~');
      if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, p)) return undefined;
      cur = cur[p];
    }
    return cur;
  }

  function refName(ref) {
    var last = String(ref).split('/').pop();
    try { last = decodeURIComponent(last); } catch (e) { /* keep raw */ }
    return last.replace(/~1/g, '/').replace(/~0/g, '~');
  }

  // deref follows $ref chains of non-schema objects (parameters, responses,
  // request bodies, headers, path items, security schemes).
  function deref(obj) {
    for (var hops = 0; isObj(obj) && typeof obj.$ref === 'string' && hops < 32; hops++) {
      var t = resolvePointer(obj.$ref);
      if (t === undefined) return obj;
      obj = t;
    }
    return obj;
  }

  // resolveSchema follows a schema's $ref chain. anc lists the refs already
  // being expanded on the current path; meeting one again is a cycle.
  // OpenAPI 3.1 annotations next to a $ref (description, ...) win over the
  // target's.
  function resolveSchema(raw, anc) {
    var s = raw, refs = [], extra = null, name = null;
    while (isObj(s) && typeof s.$ref === 'string') {
      var ref = s.$ref;
      for (var i = 0; i < ANNOTATIONS.length; i++) {
        var k = ANNOTATIONS[i];
        if (has(s, k)) {
          extra = extra || {};
          if (!has(extra, k)) extra[k] = s[k];
        }
      }
      name = refName(ref);
      if (anc.indexOf(ref) >= 0 || refs.indexOf(ref) >= 0) {
        return { s: extra || {}, name: name, refs: refs, cycle: true };
      }
      var t = resolvePointer(ref);
      if (t === undefined || refs.length > 32) {
        return { s: extra || {}, name: name, refs: refs, missing: true, ref: ref };
      }
      refs.push(ref);
      s = t;
    }
    if (s === false) s = { not: {} };
    if (!isObj(s)) s = {};
    if (extra) {
      var merged = {};
      for (var a in s) if (has(s, a)) merged[a] = s[a];
      for (var b in extra) if (has(extra, b)) merged[b] = extra[b];
      s = merged;
    }
    return { s: s, name: name, refs: refs };
  }

  function typeList(s) {
    if (Array.isArray(s.type)) return s.type.slice();
    if (typeof s.type === 'string') return [s.type];
    return [];
  }

  function isNullSchema(v) {
    if (!isObj(v)) return false;
    var t = typeList(v);
    return t.length === 1 && t[0] === 'null' && !v.$ref;
  }

  // objectParts gathers properties, required names and additionalProperties
  // of s and (recursively) its allOf members.
  function objectParts(s, anc, parts, depth) {
    if (depth > 24) return;
    if (isObj(s.properties)) {
      Object.keys(s.properties).forEach(function (k) {
        var e = { name: k, raw: s.properties[k], anc: anc };
        if (k in parts.index) parts.props[parts.index[k]] = e;
        else { parts.index[k] = parts.props.length; parts.props.push(e); }
      });
    }
    if (Array.isArray(s.required)) s.required.forEach(function (k) { parts.required[k] = true; });
    if (isObj(s.additionalProperties)) parts.additional = { raw: s.additionalProperties, anc: anc };
    else if (s.additionalProperties === true) parts.additional = { raw: {}, anc: anc };
    if (Array.isArray(s.allOf)) {
      s.allOf.forEach(function (m) {
        var r = resolveSchema(m, anc);
        if (r.cycle || r.missing) { parts.unresolved.push({ name: r.name, raw: m, anc: anc }); return; }
        objectParts(r.s, r.refs.length ? anc.concat(r.refs) : anc, parts, depth + 1);
      });
    }
  }

  function labelOf(info) { return info.name || info.type; }

  // analyze describes one schema level: its display type, flags and the list
  // of child entries (properties, array item properties, variants). Children
  // are not analyzed until they are displayed, so this is cheap.
  function analyze(raw, anc) {
    var r = resolveSchema(raw, anc);
    var s = r.s;
    var a = r.refs.length ? anc.concat(r.refs) : anc;
    var info = { s: s, name: r.name, type: '', kids: [], nullable: false, cycle: !!r.cycle, missing: !!r.missing };
    if (r.cycle || r.missing) {
      info.type = 'object';
      return info;
    }
    var types = typeList(s);
    info.nullable = s.nullable === true || types.indexOf('null') >= 0;
    types = types.filter(function (t) { return t !== 'null'; });

    var parts = { props: [], index: Object.create(null), required: Object.create(null), additional: null, unresolved: [] };
    objectParts(s, a, parts, 0);
    var propKids = parts.props.map(function (p) {
      return { name: p.name, raw: p.raw, anc: p.anc, required: !!parts.required[p.name] };
    });
    parts.unresolved.forEach(function (u) {
      info.kids.push({ name: 'all of ' + u.name, raw: u.raw, anc: u.anc });
    });

    var altKind = Array.isArray(s.oneOf) ? 'oneOf' : Array.isArray(s.anyOf) ? 'anyOf' : null;
    if (altKind) {
      var all = s[altKind];
      var variants = all.filter(function (v) { return !isNullSchema(v); });
      if (variants.length < all.length) info.nullable = true;
      if (variants.length === 1 && !propKids.length) {
        // "X or null": show X.
        var inner = analyze(variants[0], a);
        inner.nullable = true;
        if (r.name && !inner.name) inner.name = r.name;
        if (s.description) inner.desc = s.description;
        return inner;
      }
      info.type = altKind === 'oneOf' ? 'one of' : 'any of';
      info.kids = info.kids.concat(propKids);
      variants.forEach(function (v, i) {
        var vr = resolveSchema(v, a);
        var vt = vr.name ? '' : v.title || (vr.s && vr.s.title) || '';
        info.kids.push({ name: (altKind === 'oneOf' ? 'option ' : 'variant ') + (i + 1) + (vt ? ': ' + vt : ''), raw: v, anc: a, variant: true });
      });
      return info;
    }

    var isArray = types.indexOf('array') >= 0 || (!types.length && (isObj(s.items) || Array.isArray(s.prefixItems)));
    if (isArray) {
      var itemsRaw = isObj(s.items) ? s.items : Array.isArray(s.prefixItems) && s.prefixItems.length ? s.prefixItems[0] : {};
      var it = analyze(itemsRaw, a);
      info.items = it;
      info.type = 'array of ' + labelOf(it) + (it.nullable ? ' | null' : '');
      info.kids = info.kids.concat(it.kids);
      return info;
    }

    var isObject = types.indexOf('object') >= 0 || propKids.length > 0 || parts.additional !== null || Array.isArray(s.allOf);
    if (isObject) {
      if (!propKids.length && parts.additional) {
        var av = analyze(parts.additional.raw, parts.additional.anc);
        info.type = 'map of ' + labelOf(av);
        if (av.kids.length) info.kids.push({ name: '{key}', raw: parts.additional.raw, anc: parts.additional.anc });
      } else {
        info.type = 'object';
        info.kids = info.kids.concat(propKids);
        if (parts.additional) info.kids.push({ name: '{additional}', raw: parts.additional.raw, anc: parts.additional.anc });
      }
      return info;
    }

    if (types.length) info.type = types.join(' | ');
    else if (has(s, 'const')) info.type = typeof s.const;
    else if (Array.isArray(s.enum) && s.enum.length) info.type = typeof s.enum[0];
    else if (isObj(s.not) && !keys(s.not).length) info.type = 'never';
    else info.type = 'any';
    if (s.format) info.type += ' <' + s.format + '>';
    return info;
  }

  // ------------------------------------------------------------- rendering

  // Minimal, safe Markdown: paragraphs, lists, headings, fenced code, inline
  // code, bold, italics and links (http(s), mailto, relative, fragment).
  var INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)(?:\s+"[^"]*")?\)|\*([^*\s][^*]*)\*/g;

  function safeHref(u) {
    return /^(https?:|mailto:|#|\/(?!\/)|\.\.?\/)/i.test(u) ? u : null;
  }

  function inline(text) {
    var out = [], last = 0, m;
    INLINE.lastIndex = 0;
    while ((m = INLINE.exec(text))) {
      if (m.index > last) out.push(text.slice(last, m.index));
      if (m[1] != null) out.push(h('code', { text: m[1] }));
      else if (m[2] != null) out.push(h('strong', { text: m[2] }));
      else if (m[3] != null) {
        var href = safeHref(m[4]);
        out.push(href ? h('a', { href: href, rel: 'noopener noreferrer' }, m[3]) : m[3]);
      } else if (m[5] != null) out.push(h('em', { text: m[5] }));
      last = INLINE.lastIndex;
    }
    if (last < text.length) out.push(text.slice(last));
    return out;
  }

  function md(text, cls) {
    var box = h('div', { class: 'md' + (cls ? ' ' + cls : '') });
    var lines = String(text).replace(/\r\n?/g, '\n').split('\n');
    var para = [], list = null, lastItem = null;
    function flush() {
      if (para.length) box.appendChild(h('p', null, inline(para.join(' '))));
      para = [];
    }
    function endList() { list = null; lastItem = null; }
    for (var i = 0; i < lines.length; i++) {
      var line = lines[i];
      var fence = /^\s*(```|~~~)/.exec(line);
      if (fence) {
        flush(); endList();
        var code = [];
        for (i++; i < lines.length && lines[i].trim().indexOf(fence[1]) !== 0; i++) code.push(lines[i]);
        box.appendChild(h('pre', null, h('code', { text: code.join('\n') })));
        continue;
      }
      if (!line.trim()) { flush(); endList(); continue; }
      if (/^\s*\|/.test(line)) {
        flush(); endList();
        var rows = [];
        for (; i < lines.length && /^\s*\|/.test(lines[i]); i++) rows.push(lines[i].trim());
        i--;
        box.appendChild(h('pre', { class: 'md-table' }, h('code', { text: rows.join('\n') })));
        continue;
      }
      var hd = /^\s*#{1,6}\s+(.*)$/.exec(line);
      if (hd) {
        flush(); endList();
        box.appendChild(h('p', { class: 'md-h' }, h('strong', null, inline(hd[1]))));
        continue;
      }
      var li = /^\s*([-*+]|\d+[.)])\s+(.*)$/.exec(line);
      if (li) {
        flush();
        var ordered = /\d/.test(li[1]);
        if (!list || list.ordered !== ordered) {
          list = { el: h(ordered ? 'ol' : 'ul'), ordered: ordered };
          box.appendChild(list.el);
        }
        lastItem = h('li', null, inline(li[2]));
        list.el.appendChild(lastItem);
        continue;
      }
      if (lastItem && /^\s{2,}\S/.test(line)) {
        add(lastItem, [' ', inline(line.trim())]);
        continue;
      }
      endList();
      para.push(line.trim().replace(/^>\s?/, ''));
    }
    flush();
    return box;
  }

  function firstLine(text) {
    var s = String(text || '').trim().split(/\n\s*\n|\n/)[0];
    return s.length > 140 ? s.slice(0, 137) + '\u2026' : s;
  }

  function methodBadge(m, small) {
    var short = { delete: 'DEL', options: 'OPT' };
    return h('span', { class: 'method m-' + m + (small ? ' small' : ''), text: small && short[m] ? short[m] : m.toUpperCase() });
  }

  function pathEl(p, cls) {
    var el = h('code', { class: cls || 'path' });
    String(p).split(/(\{[^}]*\})/).forEach(function (seg) {
      if (!seg) return;
      if (seg.charAt(0) === '{') el.appendChild(h('span', { class: 'path-param', text: seg }));
      else el.appendChild(document.createTextNode(seg));
    });
    return el;
  }

  function flag(text, cls) { return h('span', { class: 'flag' + (cls ? ' ' + cls : ''), text: text }); }

  function typeEl(info) {
    var el = h('span', { class: 'type' });
    if (info.cycle) {
      el.appendChild(h('span', { class: 'type-name', text: info.name }));
      el.appendChild(h('span', { class: 'recursive', title: 'Recursive reference to ' + info.name + ', expanded further up', text: ' \u21bb recursive' }));
      return el;
    }
    if (info.missing) {
      el.appendChild(h('span', { class: 'type-name', text: info.name }));
      el.appendChild(h('span', { class: 'muted', text: ' (unresolved reference)' }));
      return el;
    }
    if (info.name) {
      el.appendChild(h('span', { class: 'type-name', text: info.name }));
      if (info.type && info.type !== 'object') el.appendChild(h('span', { class: 'type-base', text: ' \u00b7 ' + info.type }));
    } else {
      el.appendChild(h('span', { class: 'type-base', text: info.type }));
    }
    return el;
  }

  function flagsFor(info, required) {
    var s = info.s, out = [];
    if (required) out.push(flag('required', 'flag-req'));
    if (info.nullable) out.push(flag('nullable'));
    if (s.readOnly) out.push(flag('read-only'));
    if (s.writeOnly) out.push(flag('write-only'));
    if (s.deprecated) out.push(flag('deprecated', 'flag-dep'));
    return out;
  }

  function constraintsEl(s, info) {
    var items = [];
    function kv(k, v) { items.push(h('span', { class: 'c' }, h('span', { class: 'c-k', text: k }), ' ', h('code', { text: v }))); }
    function enumList(k, values) {
      var shown = values.slice(0, MAX_ENUM).map(function (v) { return h('code', { text: fmtValue(v) }); });
      var rest = values.length - shown.length;
      items.push(h('span', { class: 'c c-enum' }, h('span', { class: 'c-k', text: k }), ' ', shown, rest > 0 ? h('span', { class: 'muted', text: ' +' + rest + ' more' }) : null));
    }
    if (Array.isArray(s.enum)) enumList('enum', s.enum);
    if (info && info.items && Array.isArray(info.items.s.enum)) enumList('items enum', info.items.s.enum);
    if (has(s, 'const')) kv('const', fmtValue(s.const));
    if (has(s, 'default')) kv('default', fmtValue(s.default));
    if (typeof s.minimum === 'number') kv(s.exclusiveMinimum === true ? '>' : '\u2265', String(s.minimum));
    if (typeof s.exclusiveMinimum === 'number') kv('>', String(s.exclusiveMinimum));
    if (typeof s.maximum === 'number') kv(s.exclusiveMaximum === true ? '<' : '\u2264', String(s.maximum));
    if (typeof s.exclusiveMaximum === 'number') kv('<', String(s.exclusiveMaximum));
    if (typeof s.multipleOf === 'number') kv('multiple of', String(s.multipleOf));
    if (typeof s.minLength === 'number') kv('min length', String(s.minLength));
    if (typeof s.maxLength === 'number') kv('max length', String(s.maxLength));
    if (typeof s.pattern === 'string') kv('pattern', s.pattern);
    if (typeof s.minItems === 'number') kv('min items', String(s.minItems));
    if (typeof s.maxItems === 'number') kv('max items', String(s.maxItems));
    if (s.uniqueItems === true) kv('unique items', 'true');
    if (typeof s.minProperties === 'number') kv('min properties', String(s.minProperties));
    if (typeof s.maxProperties === 'number') kv('max properties', String(s.maxProperties));
    if (isObj(s.discriminator) && s.discriminator.propertyName) kv('discriminator', s.discriminator.propertyName);
    if (has(s, 'example')) kv('example', fmtValue(s.example));
    else if (Array.isArray(s.examples) && s.examples.length) kv('example', fmtValue(s.examples[0]));
    return items.length ? h('div', { class: 'constraints' }, items) : null;
  }

  function descOf(info) { return info.desc || info.s.description || ''; }

  function kidsEl(kids) {
    var ul = h('ul', { class: 'props' });
    kids.forEach(function (k) { ul.appendChild(propEl(k)); });
    return ul;
  }

  function propEl(kid) {
    var info = analyze(kid.raw, kid.anc);
    var li = h('li', { class: 'prop' + (info.s.deprecated ? ' deprecated' : '') });
    var expandable = info.kids.length > 0;
    var name = h(expandable ? 'button' : 'span', {
      class: 'prop-name' + (kid.variant ? ' variant' : ''),
      type: expandable ? 'button' : null,
      'aria-expanded': expandable ? 'false' : null,
      text: kid.name
    });
    li.appendChild(h('div', { class: 'prop-row' }, name, typeEl(info), flagsFor(info, kid.required)));
    var d = descOf(info);
    if (d) li.appendChild(md(d, 'prop-desc'));
    var c = constraintsEl(info.s, info);
    if (c) li.appendChild(c);
    if (expandable) {
      var box = null;
      name.addEventListener('click', function () {
        var open = name.getAttribute('aria-expanded') !== 'true';
        name.setAttribute('aria-expanded', open ? 'true' : 'false');
        if (open && !box) { box = kidsEl(info.kids); li.appendChild(box); }
        if (box) box.hidden = !open;
      });
    }
    return li;
  }

  function schemaBlock(raw) {
    if (raw == null) return h('p', { class: 'muted', text: 'No schema.' });
    var info = analyze(raw, []);
    var box = h('div', { class: 'schema' });
    box.appendChild(h('div', { class: 'schema-head' }, typeEl(info), flagsFor(info, false)));
    var d = descOf(info);
    if (d) box.appendChild(md(d, 'schema-desc'));
    var c = constraintsEl(info.s, info);
    if (c) box.appendChild(c);
    if (info.kids.length) box.appendChild(kidsEl(info.kids));
    return box;
  }

  function mediaBlocks(content) {
    var cts = keys(content);
    if (!cts.length) return h('p', { class: 'muted', text: 'No content.' });
    // Media types sharing one schema $ref are shown once.
    var groups = [];
    cts.forEach(function (ct) {
      var m = deref(content[ct]) || {};
      var key = isObj(m.schema) && typeof m.schema.$ref === 'string' ? m.schema.$ref : null;
      var prev = groups[groups.length - 1];
      if (key && prev && prev.key === key) prev.types.push(ct);
      else groups.push({ key: key, types: [ct], media: m });
    });
    return groups.map(function (g) {
      return h('div', { class: 'media' },
        h('div', { class: 'media-type' }, g.types.map(function (t, i) { return [i ? ', ' : '', h('code', { text: t })]; })),
        schemaBlock(g.media.schema));
    });
  }

  function block(title, extra) {
    return h('div', { class: 'block' }, h('h4', { class: 'block-title' }, title, extra || null));
  }

  function collectParams(op) {
    var list = [], index = Object.create(null);
    function addParam(p) {
      p = deref(p);
      if (!isObj(p) || !p.name) return;
      var k = p.in + ':' + p.name;
      if (k in index) list[index[k]] = p;
      else { index[k] = list.length; list.push(p); }
    }
    (Array.isArray(op.item.parameters) ? op.item.parameters : []).forEach(addParam);
    (Array.isArray(op.o.parameters) ? op.o.parameters : []).forEach(addParam);
    return list
      .map(function (p, i) { return { p: p, i: i }; })
      .sort(function (a, b) {
        var d = (PARAM_ORDER[a.p.in] == null ? 9 : PARAM_ORDER[a.p.in]) - (PARAM_ORDER[b.p.in] == null ? 9 : PARAM_ORDER[b.p.in]);
        return d || a.i - b.i;
      })
      .map(function (x) { return x.p; });
  }

  function paramsEl(op) {
    var params = collectParams(op);
    if (!params.length) return null;
    var tbody = h('tbody');
    params.forEach(function (p) {
      var schema = p.schema;
      if (!schema && isObj(p.content)) {
        var first = keys(p.content)[0];
        schema = first && deref(p.content[first]) && deref(p.content[first]).schema;
      }
      var info = analyze(schema || {}, []);
      var required = p.in === 'path' || p.required === true;
      var s = info.s;
      if (has(p, 'example') && !has(s, 'example')) {
        s = Object.assign({}, s, { example: p.example });
      }
      tbody.appendChild(h('tr', { class: p.deprecated ? 'deprecated' : null },
        h('td', null, h('code', { class: 'param-name', text: p.name }), p.deprecated ? [' ', flag('deprecated', 'flag-dep')] : null),
        h('td', { class: 'param-in', text: p.in }),
        h('td', null, typeEl(info), info.nullable ? [' ', flag('nullable')] : null),
        h('td', null, required ? h('span', { class: 'flag flag-req', text: 'required' }) : h('span', { class: 'muted', text: 'optional' })),
        h('td', { class: 'param-desc' }, p.description || s.description ? md(p.description || s.description) : null, constraintsEl(s, info))));
    });
    var b = block('Parameters');
    b.appendChild(h('div', { class: 'table-wrap' }, h('table', { class: 'params' },
      h('thead', null, h('tr', null, h('th', { text: 'Name' }), h('th', { text: 'In' }), h('th', { text: 'Type' }), h('th', { text: 'Required' }), h('th', { text: 'Description' }))),
      tbody)));
    return b;
  }

  function requestBodyEl(op) {
    var rb = deref(op.o.requestBody);
    if (!isObj(rb)) return null;
    var b = block('Request body', rb.required ? [' ', flag('required', 'flag-req')] : [' ', h('span', { class: 'muted', text: 'optional' })]);
    if (rb.description) b.appendChild(md(rb.description, 'block-desc'));
    add(b, mediaBlocks(rb.content));
    return b;
  }

  function statusClass(code) {
    var c = String(code).charAt(0);
    return /[1-5]/.test(c) ? c + 'xx' : 'def';
  }

  function lazyDetails(cls, summary, build, open) {
    var d = h('details', { class: cls }, h('summary', null, summary));
    var done = false;
    function fill() {
      if (done) return;
      done = true;
      add(d, build());
    }
    if (open) { fill(); d.open = true; }
    d.addEventListener('toggle', function () { if (d.open) fill(); });
    return d;
  }

  function headersEl(headers) {
    var names = keys(headers);
    if (!names.length) return null;
    var tbody = h('tbody');
    names.forEach(function (n) {
      var hd = deref(headers[n]) || {};
      var info = analyze(hd.schema || {}, []);
      tbody.appendChild(h('tr', null,
        h('td', null, h('code', { class: 'param-name', text: n })),
        h('td', null, typeEl(info)),
        h('td', { class: 'param-desc' }, hd.description ? md(hd.description) : null)));
    });
    return h('div', { class: 'resp-headers' }, h('div', { class: 'sub-title', text: 'Headers' }),
      h('div', { class: 'table-wrap' }, h('table', { class: 'params' },
        h('thead', null, h('tr', null, h('th', { text: 'Name' }), h('th', { text: 'Type' }), h('th', { text: 'Description' }))), tbody)));
  }

  function responsesEl(op) {
    var res = op.o.responses;
    var codes = keys(res);
    if (!codes.length) return null;
    var b = block('Responses');
    var openCode = codes.filter(function (c) { return /^2/.test(c); })[0] || (codes.length === 1 ? codes[0] : null);
    codes.forEach(function (code) {
      var r = deref(res[code]) || {};
      var cls = statusClass(code);
      var desc = String(r.description || '');
      var summary = [h('span', { class: 'status status-' + cls, text: code === 'default' ? 'default' : code }), h('span', { class: 'resp-desc', text: firstLine(desc) })];
      b.appendChild(lazyDetails('resp resp-' + cls, summary, function () {
        var body = h('div', { class: 'resp-body' });
        if (desc.trim() && desc.trim() !== firstLine(desc)) body.appendChild(md(desc, 'block-desc'));
        add(body, headersEl(r.headers));
        if (keys(r.content).length) add(body, mediaBlocks(r.content));
        else body.appendChild(h('p', { class: 'muted', text: 'No response body.' }));
        return body;
      }, code === openCode));
    });
    return b;
  }

  function schemeLabel(def) {
    def = deref(def);
    if (!isObj(def)) return 'undefined scheme';
    switch (def.type) {
      case 'http':
        return 'HTTP ' + (def.scheme || '') + (def.bearerFormat ? ', ' + def.bearerFormat : '');
      case 'apiKey':
        return 'API key in ' + (def.in || '?') + ' \u201c' + (def.name || '?') + '\u201d';
      case 'oauth2': return 'OAuth 2.0';
      case 'openIdConnect': return 'OpenID Connect';
      case 'mutualTLS': return 'mutual TLS';
      default: return def.type || 'unknown';
    }
  }

  function securityEl(op) {
    var req = op.o.security !== undefined ? op.o.security : spec.security;
    var schemes = (isObj(spec.components) && isObj(spec.components.securitySchemes)) ? spec.components.securitySchemes : {};
    var line = h('div', { class: 'security' }, h('span', { class: 'security-label', text: 'Authorization' }));
    if (!Array.isArray(req) || !req.length) {
      line.appendChild(h('span', { class: 'muted', text: 'None' }));
      return line;
    }
    req.forEach(function (alt, i) {
      if (i) line.appendChild(h('span', { class: 'sec-or', text: 'or' }));
      var names = keys(alt);
      if (!names.length) { line.appendChild(h('span', { class: 'sec-scheme', text: 'anonymous' })); return; }
      names.forEach(function (n, j) {
        if (j) line.appendChild(h('span', { class: 'sec-and', text: '+' }));
        var def = deref(schemes[n]);
        var scopes = Array.isArray(alt[n]) ? alt[n] : [];
        line.appendChild(h('span', { class: 'sec-scheme', title: isObj(def) && def.description ? def.description : null },
          h('strong', { text: n }), ' ', h('span', { class: 'muted', text: '(' + schemeLabel(def) + ')' }),
          scopes.length ? [' scopes: ', scopes.map(function (sc, k) { return [k ? ' ' : '', h('code', { text: sc })]; })] : null));
      });
    });
    return line;
  }

  function renderOpShell(op) {
    var o = op.o;
    var sec = h('section', { class: 'op', id: op.id, 'data-method': op.method });
    if (o.deprecated) sec.classList.add('op-deprecated');
    sec.appendChild(h('h3', { class: 'op-title' },
      h('a', { class: 'anchor', href: hashFor(op.id), title: 'Link to this operation', text: '#' }),
      o.summary || op.method.toUpperCase() + ' ' + op.path,
      o.deprecated ? [' ', flag('deprecated', 'flag-dep')] : null));
    sec.appendChild(h('div', { class: 'endpoint' }, methodBadge(op.method), pathEl(op.path),
      o.operationId ? h('span', { class: 'op-id', title: 'operationId', text: o.operationId }) : null));
    return sec;
  }

  function renderOpBody(op) {
    var o = op.o;
    var frag = document.createDocumentFragment();
    if (o.description && o.description !== o.summary) frag.appendChild(md(o.description, 'op-desc'));
    frag.appendChild(securityEl(op));
    add(frag, paramsEl(op));
    add(frag, requestBodyEl(op));
    add(frag, responsesEl(op));
    return frag;
  }

  function renderCard(card) {
    if (card.rendered) return;
    card.rendered = true;
    if (observer) observer.unobserve(card.sec);
    try {
      card.sec.appendChild(renderOpBody(card.op));
    } catch (err) {
      card.sec.appendChild(h('p', { class: 'load-error', text: 'Could not render this operation: ' + err.message }));
      if (window.console) console.error(err);
    }
  }

  // ------------------------------------------------------------ page model

  function addTag(name, description, display) {
    var t = { name: name, label: display || name, description: description || '', ops: [], cards: null, section: null, userExpanded: false };
    tags.push(t);
    tagByName[name] = t;
    return t;
  }

  function collectOperations() {
    (Array.isArray(spec.tags) ? spec.tags : []).forEach(function (t) {
      if (isObj(t) && t.name && !tagByName[t.name]) addTag(t.name, t.description, t['x-displayName']);
    });
    var paths = isObj(spec.paths) ? spec.paths : {};
    Object.keys(paths).forEach(function (p) {
      var item = deref(paths[p]);
      if (!isObj(item)) return;
      METHODS.forEach(function (m) {
        var o = item[m];
        if (!isObj(o)) return;
        var opTags = Array.isArray(o.tags) && o.tags.length ? o.tags : ['Other'];
        var id = o.operationId ? String(o.operationId) : (m + '-' + p).replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/-+$/, '');
        var base = id;
        for (var n = 2; opById[id]; n++) id = base + '-' + n;
        var op = {
          id: id, method: m, path: p, item: item, o: o, tags: opTags,
          hay: [m, p, o.summary || '', o.operationId || ''].join(' ').toLowerCase()
        };
        ops.push(op);
        opById[id] = op;
        opTags.forEach(function (tn) { (tagByName[tn] || addTag(String(tn))).ops.push(op); });
      });
    });
    tags = tags.filter(function (t) { return t.ops.length > 0; });
  }

  function setExpanded(t, open) {
    t.list.hidden = !open;
    t.toggle.setAttribute('aria-expanded', open ? 'true' : 'false');
  }

  function buildNav() {
    var frag = document.createDocumentFragment();
    tags.forEach(function (t) {
      t.toggle = h('button', { class: 'nav-toggle', type: 'button', 'aria-expanded': 'false', 'aria-label': 'Show operations of ' + t.label });
      t.list = h('ul', { class: 'nav-ops', hidden: true });
      t.countEl = h('span', { class: 'count', text: String(t.ops.length) });
      t.navItems = t.ops.map(function (op) {
        var a = h('a', { class: 'nav-op', href: hashFor(op.id), title: op.method.toUpperCase() + ' ' + op.path + (op.o.summary ? '\n' + op.o.summary : '') },
          methodBadge(op.method, true),
          h('span', { class: 'nav-op-text' },
            h('span', { class: 'nav-op-summary', text: op.o.summary || op.path }),
            op.o.summary ? h('span', { class: 'nav-op-path', text: op.path }) : null));
        var li = h('li', null, a);
        t.list.appendChild(li);
        return { op: op, li: li, a: a };
      });
      t.group = h('div', { class: 'nav-group' },
        h('div', { class: 'nav-tag-row' }, t.toggle,
          h('a', { class: 'nav-tag', href: tagHash(t) }, h('span', { class: 'nav-tag-name', text: t.label }), t.countEl)),
        t.list);
      t.toggle.addEventListener('click', function () {
        t.userExpanded = t.list.hidden;
        setExpanded(t, t.list.hidden);
      });
      frag.appendChild(t.group);
    });
    els.nav.appendChild(frag);
  }

  function buildIntro() {
    var info = isObj(spec.info) ? spec.info : {};
    var el = h('header', { class: 'intro' });
    el.appendChild(h('h1', null, info.title || 'API Reference',
      info.version ? [' ', h('span', { class: 'badge badge-version', text: versionText(info.version) })] : null));
    var meta = [];
    if (spec.openapi) meta.push('OpenAPI ' + spec.openapi);
    meta.push(ops.length + (ops.length === 1 ? ' operation' : ' operations'));
    meta.push(tags.length + (tags.length === 1 ? ' group' : ' groups'));
    el.appendChild(h('div', { class: 'meta', text: meta.join(' \u00b7 ') }));
    if (info.summary) el.appendChild(h('p', { class: 'lead', text: info.summary }));
    if (info.description) {
      var d = md(info.description, 'intro-desc');
      el.appendChild(d);
      if (String(info.description).length > 700) {
        d.classList.add('collapsed');
        var more = h('button', { class: 'more', type: 'button', text: 'Show more' });
        more.addEventListener('click', function () {
          var c = d.classList.toggle('collapsed');
          more.textContent = c ? 'Show more' : 'Show less';
        });
        el.appendChild(more);
      }
    }
    if (Array.isArray(spec.servers) && spec.servers.length) {
      el.appendChild(h('div', { class: 'servers' }, h('span', { class: 'security-label', text: spec.servers.length > 1 ? 'Servers' : 'Server' }),
        spec.servers.map(function (s) {
          return h('span', { class: 'server' }, h('code', { text: s.url || '/' }), s.description ? h('span', { class: 'muted', text: ' ' + s.description }) : null);
        })));
    }
    return el;
  }

  function versionText(v) { v = String(v); return /^v/i.test(v) ? v : 'v' + v; }

  function buildTagSection(t) {
    var sec = h('section', { class: 'tag-section' });
    sec.appendChild(h('h2', { class: 'tag-title', text: t.label }));
    if (t.description) sec.appendChild(md(t.description, 'tag-desc'));
    t.cards = t.ops.map(function (op) {
      var card = { op: op, sec: renderOpShell(op), rendered: false };
      card.sec._card = card;
      sec.appendChild(card.sec);
      return card;
    });
    var i = tags.indexOf(t);
    var prev = tags[i - 1], next = tags[i + 1];
    sec.appendChild(h('nav', { class: 'pager', 'aria-label': 'Groups' },
      prev ? h('a', { class: 'pager-prev', href: tagHash(prev), text: '\u2190 ' + prev.label }) : h('span'),
      next ? h('a', { class: 'pager-next', href: tagHash(next), text: next.label + ' \u2192' }) : h('span')));
    return sec;
  }

  // fillIdle renders remaining operation bodies of the current tag in idle time.
  function fillIdle(t) {
    idle(function (deadline) {
      if (currentTag !== t) return;
      var i = 0;
      for (; i < t.cards.length; i++) {
        if (t.cards[i].rendered) continue;
        if (deadline.timeRemaining() < 2) break;
        renderCard(t.cards[i]);
      }
      if (i < t.cards.length) fillIdle(t);
    });
  }

  function showTag(t) {
    if (!t || t === currentTag) return;
    currentTag = t;
    if (!t.section) t.section = buildTagSection(t);
    els.main.textContent = '';
    els.main.appendChild(introEl);
    els.main.appendChild(t.section);
    if (observer) {
      observer.disconnect();
      t.cards.forEach(function (c) { if (!c.rendered) observer.observe(c.sec); });
    } else {
      t.cards.slice(0, 10).forEach(renderCard);
    }
    fillIdle(t);
    tags.forEach(function (x) { x.group.classList.toggle('current', x === t); });
    if (!searching) tags.forEach(function (x) { setExpanded(x, x === t || x.userExpanded); });
  }

  function setActive(op) {
    if (activeNav && activeNav.op === op) return;
    if (activeNav) activeNav.a.classList.remove('active');
    activeNav = null;
    if (!op || !currentTag) return;
    for (var i = 0; i < currentTag.navItems.length; i++) {
      if (currentTag.navItems[i].op === op) { activeNav = currentTag.navItems[i]; break; }
    }
    if (!activeNav) return;
    activeNav.a.classList.add('active');
    if (activeNav.li.hidden || currentTag.list.hidden) return;
    var sb = els.sidebar, r = activeNav.a.getBoundingClientRect(), sr = sb.getBoundingClientRect();
    if (r.top < sr.top + 60 || r.bottom > sr.bottom) sb.scrollTop += r.top - sr.top - sr.height / 3;
  }

  function focusOp(op) {
    var cards = currentTag.cards;
    var idx = -1;
    for (var i = 0; i < cards.length; i++) if (cards[i].op === op) { idx = i; break; }
    if (idx < 0) return;
    // Render everything above (and a little below) the target first so the
    // layout above it is final before scrolling.
    for (var j = 0; j <= Math.min(idx + 2, cards.length - 1); j++) renderCard(cards[j]);
    if (currentCard) currentCard.sec.classList.remove('current');
    currentCard = cards[idx];
    currentCard.sec.classList.add('current');
    currentCard.sec.scrollIntoView({ block: 'start' });
    setActive(op);
  }

  function route() {
    var raw = location.hash.replace(/^#/, '');
    var key = raw;
    try { key = decodeURIComponent(raw); } catch (e) { /* keep raw */ }
    var op = opById[key];
    if (op) {
      var t = currentTag && currentTag.ops.indexOf(op) >= 0 ? currentTag : tagByName[op.tags[0]];
      showTag(t);
      focusOp(op);
      return;
    }
    if (key.indexOf('tag/') === 0 && tagByName[key.slice(4)] && tagByName[key.slice(4)].ops.length) {
      showTag(tagByName[key.slice(4)]);
      currentTag.section.scrollIntoView({ block: 'start' });
      setActive(null);
      return;
    }
    showTag(currentTag || tags[0]);
    if (!raw) window.scrollTo(0, 0);
  }

  function go(hash) {
    if (location.hash === hash) route();
    else location.hash = hash;
  }

  // ---------------------------------------------------------------- search

  function matches(op, terms) {
    for (var i = 0; i < terms.length; i++) if (op.hay.indexOf(terms[i]) < 0) return false;
    return true;
  }

  function applySearch() {
    var q = els.search.value.trim().toLowerCase();
    var terms = q ? q.split(/\s+/) : [];
    searching = terms.length > 0;
    tags.forEach(function (t) {
      var n = 0;
      t.navItems.forEach(function (it) {
        var ok = !searching || matches(it.op, terms);
        if (it.li.hidden === ok) it.li.hidden = !ok;
        if (ok) n++;
      });
      t.group.hidden = searching && n === 0;
      t.countEl.textContent = searching && n < t.ops.length ? n + '/' + t.ops.length : String(t.ops.length);
      setExpanded(t, searching ? n > 0 : t === currentTag || t.userExpanded);
    });
    if (!searching) { els.searchStatus.textContent = ''; return; }
    var count = 0;
    ops.forEach(function (op) { if (matches(op, terms)) count++; });
    els.searchStatus.textContent = count ? count + (count === 1 ? ' matching operation' : ' matching operations') + ' \u00b7 Enter opens the first' : 'No matching operations';
  }

  function firstMatch() {
    for (var i = 0; i < tags.length; i++) {
      if (tags[i].group.hidden) continue;
      for (var j = 0; j < tags[i].navItems.length; j++) if (!tags[i].navItems[j].li.hidden) return tags[i].navItems[j];
    }
    return null;
  }

  function wireSearch() {
    var timer = 0;
    els.search.disabled = false;
    els.search.placeholder = 'Search ' + ops.length + ' operations  ( / )';
    els.search.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(applySearch, 60);
    });
    els.search.addEventListener('keydown', function (e) {
      if (e.key === 'Enter') {
        e.preventDefault();
        clearTimeout(timer);
        applySearch();
        var it = firstMatch();
        if (it) go(hashFor(it.op.id));
      } else if (e.key === 'Escape') {
        els.search.value = '';
        applySearch();
      }
    });
    document.addEventListener('keydown', function (e) {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey) return;
      var tgt = e.target;
      if (tgt && (tgt.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(tgt.tagName))) return;
      e.preventDefault();
      els.search.focus();
      els.search.select();
    });
  }

  // Scroll spy: highlight the operation at the top of the viewport.
  function wireScrollSpy() {
    var pending = false;
    window.addEventListener('scroll', function () {
      if (pending) return;
      pending = true;
      window.requestAnimationFrame(function () {
        pending = false;
        if (!currentTag || !currentTag.cards) return;
        var best = null, cards = currentTag.cards;
        for (var i = 0; i < cards.length; i++) {
          if (cards[i].sec.getBoundingClientRect().top > 140) break;
          best = cards[i];
        }
        setActive(best ? best.op : null);
      });
    }, { passive: true });
  }

  // ------------------------------------------------------------------ main

  function showError(msg) {
    els.main.textContent = '';
    els.main.appendChild(h('div', { class: 'load-error', role: 'alert' },
      h('strong', { text: 'Could not load the API reference.' }), h('p', { text: msg })));
  }

  function init(doc) {
    if (!isObj(doc) || (!isObj(doc.paths) && !doc.openapi)) throw new Error('the response is not an OpenAPI document');
    spec = doc;
    var info = isObj(spec.info) ? spec.info : {};
    var title = info.title || 'API Reference';
    document.title = title + (info.version ? ' ' + versionText(info.version) : '') + ' \u2013 API reference';
    els.title.textContent = title;
    if (info.version) {
      els.version.textContent = versionText(info.version);
      els.version.hidden = false;
    }
    collectOperations();
    buildNav();
    introEl = buildIntro();
    if (!tags.length) {
      els.main.textContent = '';
      els.main.appendChild(introEl);
      els.main.appendChild(h('p', { class: 'status', text: 'This document has no operations.' }));
      return;
    }
    if ('IntersectionObserver' in window) {
      observer = new IntersectionObserver(function (entries) {
        entries.forEach(function (e) { if (e.isIntersecting && e.target._card) renderCard(e.target._card); });
      }, { rootMargin: '1500px 0px' });
    }
    wireSearch();
    wireScrollSpy();
    // Following a link to the hash already in the URL fires no hashchange.
    root.addEventListener('click', function (e) {
      var a = e.target.closest ? e.target.closest('a[href^="#"]') : null;
      if (a && a.getAttribute('href') === location.hash && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
        e.preventDefault();
        route();
      }
    });
    window.addEventListener('hashchange', route);
    route();
  }

  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';

  var specAttr = root.getAttribute('data-spec') || '/openapi.json';
  var specUrl = specAttr;
  try { specUrl = new URL(specAttr, document.baseURI).href; } catch (e) { /* use as is */ }
  els.specLink.setAttribute('href', specUrl);

  fetch(specUrl, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
    .then(function (res) {
      if (!res.ok) throw new Error('GET ' + specAttr + ' answered ' + res.status + ' ' + res.statusText);
      return res.json();
    })
    .then(init)
    .catch(function (err) {
      if (window.console) console.error(err);
      showError((err && err.message) || String(err));
    });
})();
