import { PublicSiteSettings, pageTitle, SITE_NAME } from '@healthtal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { api } from './api';

/**
 * The spec's defaults, used until (or unless) an admin sets the site settings. The files live in
 * web-recruiter/public/ (favicon.svg, the icons of manifest.webmanifest, the 1200×630 og-image.png).
 */
export const DEFAULT_METADATA = {
  title: 'HealthTal | Direct access to healthcare professional contacts',
  description:
    'Search 1.5 million US healthcare professionals and reveal verified emails and phone numbers. Built for healthcare recruiters.',
  image: '/og-image.png',
  favicon: '/favicon.svg',
} as const;

export function useSiteSettings() {
  return useQuery({
    queryKey: ['site-settings'],
    queryFn: ({ signal }) => api('/api/v1/site-settings', { schema: PublicSiteSettings, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Pages search engines should stay away from: the account, payment and one-time-link pages. */
const NO_INDEX_PATHS = [
  '/account',
  '/success',
  '/check-email-confirmation',
  '/verify-email',
  '/reset-password',
  '/resume-submitted',
  '/confirm-removal',
];

/**
 * The page's own document title ("Search · HealthTal"; the site's SEO title on the home page),
 * from the route table the server shares (contracts' APP_ROUTES): one place for every page.
 */
export function usePageTitle(siteTitle: string): string {
  const { pathname } = useLocation();
  const title = pageTitle(pathname, siteTitle);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return title;
}

/** Keeps the document head (title, description, canonical, share image, favicon) in line with the settings. */
export function SiteMetadata() {
  const settings: Partial<PublicSiteSettings> = useSiteSettings().data ?? {};
  const { pathname } = useLocation();
  const noindex = NO_INDEX_PATHS.includes(pathname);
  const siteTitle = settings.seo_title || DEFAULT_METADATA.title;
  usePageTitle(siteTitle);
  const description = settings.seo_description || DEFAULT_METADATA.description;
  const image = settings.seo_image_url || DEFAULT_METADATA.image;
  const favicon = settings.favicon_url || DEFAULT_METADATA.favicon;
  useEffect(() => {
    setMeta('name', 'description', description);
    setMeta('name', 'robots', noindex ? 'noindex, nofollow' : 'index, follow');
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:site_name', SITE_NAME);
    setMeta('property', 'og:url', `${window.location.origin}${pathname}`);
    setMeta('property', 'og:title', settings.google_search_title || siteTitle);
    setMeta('property', 'og:description', settings.google_search_description || description);
    setMeta('property', 'og:image', absolute(settings.social_facebook_image || image));
    setMeta('name', 'twitter:card', 'summary_large_image');
    setMeta('name', 'twitter:image', absolute(settings.social_twitter_image || image));
    if (settings.seo_keywords) setMeta('name', 'keywords', settings.seo_keywords);
    setLink('canonical', `${window.location.origin}${pathname}`);
    setLink('icon', favicon);
  }, [siteTitle, description, image, favicon, settings, pathname, noindex]);
  return null;
}

const absolute = (url: string) => new URL(url, window.location.origin).toString();

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function setLink(rel: string, href: string) {
  let element = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!element) {
    element = document.createElement('link');
    element.rel = rel;
    document.head.append(element);
  }
  element.href = href;
}
