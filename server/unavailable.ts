// The 503 of a request that met MariaDB or Redis away (ADR 0086): the page or API error with Retry-After,
// in place of a 500, and the Express error handler that gives it to failures before Remix (the host lookup).
import type { NextFunction, Request, Response } from 'express'
import { dependencyFailure, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from '#app/services/dependency-failure.server'
import { refuse } from './refuse'

export function answerUnavailable(req: Request, res: Response) {
  if (res.headersSent) return
  res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS))
  refuse(req, res, 503, UNAVAILABLE_MESSAGE)
}

/** Last in the Express chain: a dependency failure is a 503; anything else goes on to Express's own 500. */
export function dependencyErrors() {
  return (error: unknown, req: Request, res: Response, next: NextFunction) => {
    const dependency = dependencyFailure(error)
    if (!dependency || res.headersSent) return next(error)
    console.error(`[request] ${req.method} ${req.path}: ${dependency} unavailable (${error instanceof Error ? error.message : String(error)})`)
    answerUnavailable(req, res)
  }
}
