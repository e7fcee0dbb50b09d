/*
 * Preloaded into a service process by the overload check (node --import), never by the service
 * itself: on SIGUSR2 it saturates the process's event loop with CPU work, in 200 ms slices with a
 * turn of the loop between them, for LOOP_HOG_MS (4 s by default), as a burst of expensive work
 * would. Requests keep arriving in between, so the overload guard has to refuse them.
 */

const SLICE_MS = 200

process.on('SIGUSR2', () => {
  const until = Date.now() + Number(process.env.LOOP_HOG_MS || 4000)
  const slice = () => {
    const end = Date.now() + SLICE_MS
    while (Date.now() < end) {
      // Busy on purpose: this is the saturation under test.
    }
    if (Date.now() < until) setTimeout(slice, 0)
  }
  slice()
})
