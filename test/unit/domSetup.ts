// Testing Library gives what a test waits for 1 s by default. A file's first render loads the
// modal's views, transformed on first import, and on a loaded 2-core machine (CI beside the
// e2e lanes, or eight people on one box) that alone takes longer: the first waitFor of a file
// failed where nothing was wrong. A test that checks a time limit passes its own figure.
// Only jsdom files load Testing Library: most unit files run in node and need none of it.
export {}

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom')
  configure({ asyncUtilTimeout: 10_000 })
}
