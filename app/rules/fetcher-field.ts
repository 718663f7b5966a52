// The hidden field a row switch posts from its fetcher: the action then answers JSON instead of redirecting.
export const FETCHER_FIELD = 'fetcher'
