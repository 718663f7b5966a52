// A Map that keeps only its newest entries: a process's memo of a pure answer must not grow with what
// clients send (ADR 0115). The oldest entry goes first; setting a key again does not make it newer.
export class BoundedMap<K, V> extends Map<K, V> {
  readonly #limit: number

  constructor(limit: number) {
    super()
    this.#limit = limit
  }

  override set(key: K, value: V): this {
    if (this.size >= this.#limit && !this.has(key)) this.delete(this.keys().next().value as K)
    return super.set(key, value)
  }
}
