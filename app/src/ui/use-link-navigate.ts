// One click handler for the plain <a href> links of a long list (a notebook's notes and their
// tags): a click navigates inside the app as React Router's <Link> does — a plain left click on
// a link without a target, replacing the entry when the link is the page already shown — while
// the list renders no router hooks per link. Other clicks (new tab, download …) stay the
// browser's.
import { useCallback, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';

export function useLinkNavigate(): (event: MouseEvent<HTMLAnchorElement>) => void {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const here = `${pathname}${search}${hash}`;
  return useCallback(
    (event: MouseEvent<HTMLAnchorElement>) => {
      const link = event.currentTarget;
      const href = link.getAttribute('href');
      if (
        !href ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.altKey ||
        event.ctrlKey ||
        event.shiftKey ||
        (link.target && link.target !== '_self') ||
        link.hasAttribute('download')
      )
        return;
      event.preventDefault();
      void navigate(href, { replace: href === here });
    },
    [navigate, here],
  );
}
