// What the build uses for 'react' (see vite.config.ts): Preact's React compatibility layer, plus
// the names of two React 19 hooks that React Router probes for and does without when they are
// undefined (`use` for <Await>, `useOptimistic` for optimistic navigation state).
import { options } from 'preact';

export * from 'preact/compat';
export { default } from 'preact/compat';
export const use = undefined;
export const useOptimistic = undefined;

// Props React sets as attributes but Preact assigns to a DOM property of the same name:
// - maxLength/minLength: when the prop goes away Preact assigns '', i.e. 0 (an input that takes
//   no text); React removes the attribute.
// - webkitdirectory: React (not knowing it) sets the attribute, so "" turns it on; Preact assigns
//   the boolean property, and "" turns it off.
// Under names that are not DOM properties (attributes are case-insensitive), Preact sets and
// removes them as attributes too.
const ATTRIBUTES = {
  maxLength: 'maxlength',
  minLength: 'minlength',
  webkitdirectory: 'webkitDirectory',
};
const previous = options.vnode;
options.vnode = (vnode) => {
  if (typeof vnode.type === 'string' && vnode.props) {
    for (const [prop, attribute] of Object.entries(ATTRIBUTES)) {
      if (prop in vnode.props) {
        vnode.props[attribute] = vnode.props[prop];
        delete vnode.props[prop];
      }
    }
  }
  previous?.(vnode);
};
