// Who may read payd's data files: its own user only. They hold webhook
// secrets in clear and key digests, so the data directory is 0700 and every
// file in it 0600, whatever the umask. A directory or file found looser (left
// by an older payd, a restore, a hand copy) is tightened with a warning; one
// payd cannot or should not change (a shared directory like /tmp, a file of
// another user) is reported as an error and left alone.
// SQLite gives the WAL, shared-memory and journal files it creates the mode
// of their database file, so creating that file 0600 covers them.
#pragma once

#include <sys/types.h>

#include <string>

namespace payd::store::sqlite {

// Throws StoreUnavailable naming what failed on `path` and errno's reason.
[[noreturn]] void ThrowFileError(const std::string& what, const std::string& path);

// Creates `dir` and missing parents 0700, or tightens it to 0700.
void PrepareDataDir(const std::string& dir);

enum class IfMissing { kCreate, kLeave };
// Makes `path` 0600: created so when missing (if asked), tightened when looser.
void PreparePrivateFile(const std::string& path, IfMissing missing);

// Sets the umask for its lifetime, so that nothing created meanwhile is
// readable by others. The umask is per process: only while one thread runs.
class ScopedUmask {
 public:
  explicit ScopedUmask(mode_t mask);
  ~ScopedUmask();
  ScopedUmask(const ScopedUmask&) = delete;
  ScopedUmask& operator=(const ScopedUmask&) = delete;

 private:
  mode_t previous_;
};

}  // namespace payd::store::sqlite
