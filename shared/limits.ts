/** Limits from the specification (§5, §9), shared by forms and server. */
export const PASSWORD_MIN = 6
/** Upper bound so a huge password cannot make hashing expensive. */
export const PASSWORD_MAX = 128
export const USERNAME_MIN = 3
export const USERNAME_MAX = 30
export const FULL_NAME_MIN = 3
export const FULL_NAME_MAX = 100
export const UNIVERSITY_MIN = 2
export const UNIVERSITY_MAX = 100
export const COURSE_MIN = 2
export const COURSE_MAX = 100
export const MATRICULA_MIN = 4
export const MATRICULA_MAX = 20
export const BIO_MAX = 500
/** Calls in one batched HTTP request: the client's batch link splits above this, the server refuses more. */
export const API_BATCH_MAX = 10
