// Jest's own order (slowest known first, else largest file first), except that the longest file of
// the HTTP suite, the money model, starts first: run last beside the others, it alone would hold
// the suite up for minutes.
// Jest's own sequencer, found where jest finds it (it is jest's dependency, not ours).
const Sequencer = require(require.resolve("@jest/test-sequencer", { paths: [require.resolve("jest")] })).default

const FIRST = /money-model\.spec\.ts$/

class LongestFirstSequencer extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests)
    return [...sorted.filter((test) => FIRST.test(test.path)), ...sorted.filter((test) => !FIRST.test(test.path))]
  }
}

module.exports = LongestFirstSequencer
