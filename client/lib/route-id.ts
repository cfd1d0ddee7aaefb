/** A page's numeric id from its route (`/entregas/:id`), or 0 when the path holds no valid one. */
export function routeId(param: string | undefined): number {
  const id = Number(param)
  return Number.isSafeInteger(id) && id > 0 ? id : 0
}

/** Whether a page's thing is absent: no valid id, or the server answered that it is not theirs to see. */
export function notFoundFor(id: number, error: { data?: { httpStatus?: number } | null } | null): boolean {
  const status = error?.data?.httpStatus
  return id === 0 || status === 404 || status === 400
}
