import type { AXNode } from '../cdp-types.ts';
import { extraAttributes, type BidProps, type BrowserGymFlags } from './extra-attributes.ts';
import { pythonRepr } from './python-repr.ts';

// BrowserGym's flatten_axtree_to_str, with its defaults (generic nodes without properties and
// text repeating its parent's name left out): one line per node, a tab per level,
// `[bid] role 'name' value='...', attributes`.


const IGNORED_ROLES = new Set(['LineBreak']);
const IGNORED_PROPERTIES = new Set(['editable', 'readonly', 'level', 'settable', 'multiline', 'invalid', 'focusable']);
const BARE_PROPERTIES = new Set(['required', 'focused', 'atomic']);

/** `bids`: per backend DOM node id, the element's bid. */
export function flattenAxtree(nodes: AXNode[], bids: ReadonlyMap<number, string>, props: ReadonlyMap<string, BidProps>, flags: BrowserGymFlags): string {
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const visit = (node: AXNode, depth: number, parentFiltered: boolean, parentName: string): string => {
    const role = String(node.role?.value ?? '');
    let skip = false;
    let filtered = false;
    let name = '';
    let text = '';
    if (IGNORED_ROLES.has(role) || !node.name) skip = true;
    else {
      name = String(node.name.value ?? '');
      const bid = node.backendDOMNodeId === undefined ? undefined : bids.get(node.backendDOMNodeId);
      let attributes: string[] = [];
      for (const property of node.properties ?? []) {
        if (property.value?.value === undefined || IGNORED_PROPERTIES.has(property.name)) continue;
        if (BARE_PROPERTIES.has(property.name)) {
          if (property.value.value) attributes.push(property.name);
        } else attributes.push(`${property.name}=${pythonRepr(property.value.value)}`);
      }
      if (role === 'generic' && !attributes.length) skip = true;
      if (role === 'StaticText') {
        if (parentFiltered || parentName.includes(name)) skip = true;
      } else {
        const extra = extraAttributes(bid, props, flags);
        filtered = extra.skip;
        skip ||= filtered;
        attributes = [...extra.attributes, ...attributes];
      }
      if (!skip) {
        text = role === 'generic' && !name ? role : `${role} ${pythonRepr(name.trim())}`;
        if (bid !== undefined) text = `[${bid}] ${text}`;
        if (node.value?.value !== undefined) text += ` value=${pythonRepr(node.value.value)}`;
        if (attributes.length) text += ['', ...attributes].join(', ');
        text = '\t'.repeat(depth) + text;
      }
    }
    for (const childId of node.childIds ?? []) {
      const child = byId.get(childId);
      if (!child || childId === node.nodeId) continue;
      const below = visit(child, skip ? depth : depth + 1, filtered, name);
      if (below) text += (text ? '\n' : '') + below;
    }
    return text;
  };
  return nodes[0] ? visit(nodes[0], 0, false, '') : '';
}
