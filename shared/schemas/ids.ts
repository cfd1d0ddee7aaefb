import { z } from 'zod'

/** A row's id, as every input names one. */
export const id = z.number().int().positive()

/** The input of a procedure that acts on one row, named by its id. */
export const idInput = z.object({ id })
