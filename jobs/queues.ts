// The worker's view of the queues: names, payload schemas and enqueue() live in the queue service.
export * from '#app/services/queue.server'
