// Boost.JSON and Boost.URL compiled from their headers into the fuzz build, so
// that they are instrumented like payd's own code (coverage and sanitizers).
#include <boost/json/src.hpp>
#include <boost/url/src.hpp>
