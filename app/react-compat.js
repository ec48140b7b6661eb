// What the build uses for 'react' (see vite.config.ts): Preact's React compatibility layer, plus
// the names of two React 19 hooks that React Router probes for and does without when they are
// undefined (`use` for <Await>, `useOptimistic` for optimistic navigation state).
import { options } from 'preact';

export * from 'preact/compat';
export { default } from 'preact/compat';
export const use = undefined;
export const useOptimistic = undefined;

// React removes an attribute whose prop goes away; Preact assigns '' to the DOM property, which
// for maxLength/minLength means 0 (an input that takes no text). Written in lower case they are
// set and removed as attributes, as React does.
const ATTRIBUTES = { maxLength: 'maxlength', minLength: 'minlength' };
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
