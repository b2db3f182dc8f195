import { useLayoutEffect } from 'react';
import { documentTitle } from '@/config/page-titles';

/**
 * Sets the whole document title while mounted. One writer of the one <title> of index.html, as the router is
 * (app/route-titles.ts sets each route's title when its navigation starts): no hoisted <title> elements that leave
 * the previous or the default title showing while a page's code loads (issue 15).
 */
export const DocumentTitle = ({ children }: { children: string }) => {
  useLayoutEffect(() => {
    document.title = children;
  }, [children]);
  return null;
};

/** "Tracked ETFs · ETF Replicator". */
export const PageTitle = ({ title }: { title: string }) => (
  <DocumentTitle>{documentTitle(title)}</DocumentTitle>
);
