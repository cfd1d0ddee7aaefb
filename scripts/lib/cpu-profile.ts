/**
 * A CPU profile of a running process, taken through its inspector (`--inspect=127.0.0.1:PORT`) over
 * exactly the stretch a benchmark chooses, and its samples summed by part of the work.
 */
import { readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { resolve } from 'node:path'
import WebSocket from 'ws'

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number }
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] }
export type CpuProfile = {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples: number[]
  timeDeltas: number[]
}

/** An inspector session on a process started with `--inspect=127.0.0.1:PORT`. */
export async function openInspector(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string
  }[]
  const url = targets[0]?.webSocketDebuggerUrl
  if (!url) throw new Error(`inspetor sem alvo na porta ${port}`)
  const socket = new WebSocket(url, { maxPayload: 1024 * 1024 * 1024 })
  await new Promise((done, fail) => socket.once('open', done).once('error', fail))
  let lastId = 0
  const waiting = new Map<number, { done: (result: unknown) => void; fail: (error: Error) => void }>()
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: { message: string } }
    const call = message.id === undefined ? undefined : waiting.get(message.id)
    if (!call || message.id === undefined) return
    waiting.delete(message.id)
    if (message.error) call.fail(new Error(message.error.message))
    else call.done(message.result)
  })
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((done, fail) => {
      const id = ++lastId
      waiting.set(id, { done: done as (result: unknown) => void, fail })
      socket.send(JSON.stringify({ id, method, params }))
    })
  return {
    /** Profiles what `work` makes the process do, sampling every `intervalUs` microseconds. */
    async profile(work: () => Promise<void>, intervalUs = 100): Promise<CpuProfile> {
      await send('Profiler.enable')
      await send('Profiler.setSamplingInterval', { interval: intervalUs })
      await send('Profiler.start')
      await work()
      const { profile } = await send<{ profile: CpuProfile }>('Profiler.stop')
      return profile
    },
    close: () => socket.close(),
  }
}

/** A sampled frame as the classifier sees it: the function, and its source file once mapped back. */
export type Frame = { functionName: string; url: string; source: string }

/**
 * `classify` names the part a frame's own work belongs to, or returns null for a frame that works for
 * whoever called it (a database driver, a Node helper): a sample goes to the innermost frame of its
 * stack that is named, and to `fallback` when none is.
 */
export type Classifier = (frame: Frame) => string | null

/**
 * Milliseconds of CPU per part, summed over the profile's samples (the idle ones left out). Frames of
 * the built server are mapped back to their source file through its source map; a package's are not.
 */
export function profileByPart(profile: CpuProfile, classify: Classifier, fallback: string) {
  const maps = new Map<string, SourceMap | null>()
  const sourceOf = ({ url, lineNumber, columnNumber }: CallFrame) => {
    if (!url.startsWith('file://')) return url
    const file = new URL(url).pathname
    // A package is named by its own path (the source maps some ship point outside the package).
    if (file.includes('/node_modules/')) return file
    let map = maps.get(file)
    if (map === undefined) {
      try {
        map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')))
      } catch {
        map = null
      }
      maps.set(file, map)
    }
    const entry = map?.findEntry(lineNumber, columnNumber)
    return entry && 'originalSource' in entry && entry.originalSource
      ? resolve(file, '..', entry.originalSource)
      : file
  }
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parentOf = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)
  const partOfNode = new Map<number, string | null>()
  const partOf = (id: number): string | null => {
    if (partOfNode.has(id)) return partOfNode.get(id) ?? null
    const node = byId.get(id) as ProfileNode
    const { functionName, url } = node.callFrame
    const own =
      functionName === '(idle)' ? null : classify({ functionName, url, source: sourceOf(node.callFrame) })
    const parent = parentOf.get(id)
    const part = own ?? (parent === undefined ? null : partOf(parent))
    partOfNode.set(id, part)
    return part
  }
  const idle = new Set(
    profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((n) => n.id),
  )
  const parts = new Map<string, number>()
  /** Per part, the time of each function that was running when sampled (its own time). */
  const functions = new Map<string, Map<string, number>>()
  let busyMs = 0
  profile.samples.forEach((id, i) => {
    // The delta before a sample is the time it stands for.
    const ms = (profile.timeDeltas[i] ?? 0) / 1000
    if (idle.has(id)) return
    busyMs += ms
    const part = partOf(id) ?? fallback
    parts.set(part, (parts.get(part) ?? 0) + ms)
    const { callFrame } = byId.get(id) as ProfileNode
    const source = sourceOf(callFrame).replace(/^.*\/(node_modules|server|shared|scripts)\//, '$1/')
    const name = `${callFrame.functionName || '(anônima)'} ${source}`
    const own = functions.get(part) ?? new Map<string, number>()
    own.set(name, (own.get(name) ?? 0) + ms)
    functions.set(part, own)
  })
  /** The `count` functions with the most own time in `part`, in ms. */
  const topFunctions = (part: string, count: number) =>
    [...(functions.get(part) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1]).slice(0, count)
  return { parts, busyMs, topFunctions }
}
