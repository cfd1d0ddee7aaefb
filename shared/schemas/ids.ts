import { z } from 'zod'

/** The input of a procedure that acts on one row, named by its id. */
export const idInput = z.object({ id: z.number().int().positive() })
