// Unit tests of the web app's pure logic (route generation, stores, search,
// permissions, http helpers). They need no DOM, so they run in node.
export default {
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
};
