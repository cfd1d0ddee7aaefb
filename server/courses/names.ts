import { foldForSearch } from '../db/search-fold'

/** A name as two names are compared: lower case, without accents, single spaces. */
export const foldName = (name: string) => foldForSearch(name).replace(/\s+/g, ' ').trim()
