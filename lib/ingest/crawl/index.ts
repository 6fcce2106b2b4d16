import "server-only";

export { type AddressKind, addressAllowed, classifyAddress } from "./address-policy";
export { type CheckSiteOptions, checkSite, type SiteCheck } from "./check-site";
export {
  type CrawlOptions,
  type CrawlPage,
  type CrawlResult,
  crawlSite,
  type KnownPage,
} from "./crawl-site";
export {
  CRAWL_MESSAGE_KEYS,
  CrawlError,
  type CrawlErrorKey,
  type CrawlSkipKey,
  crawlMessage,
} from "./errors";
export { extractReadable, type Readable, type Section } from "./readable";
export { parseRobots, type Robots } from "./robots";
export {
  createFetcher,
  DEFAULT_LIMITS,
  type Fetched,
  type Fetcher,
  type FetchLimits,
  type Resolve,
  safeFetch,
  type Validators,
} from "./safe-fetch";
export { parseSitemap } from "./sitemap";
export { normalizeUrl, sameSite, siteKey } from "./url";
