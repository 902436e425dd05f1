#include "store/sqlite/file_modes.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "base/log.h"
#include "domain/store.h"

namespace payd::store::sqlite {

namespace {

std::string Octal(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof text, "0%o", static_cast<unsigned>(mode & 0777));
  return text;
}

// Brings an open file or directory to `wanted` if anyone but its owner may
// use it. A directory payd does not own, or a shared one (sticky, like /tmp),
// is left as it is: data_dir set to such a place is the operator's mistake to
// fix, not payd's to lock. Failing to change a mode is told, not fatal.
void Tighten(int fd, const std::string& path, mode_t wanted) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) ThrowFileError("cannot stat", path);
  if ((st.st_mode & 077) == 0) return;
  bool shared = S_ISDIR(st.st_mode) && ((st.st_mode & S_ISVTX) || st.st_uid != ::geteuid());
  if (shared || ::fchmod(fd, wanted) != 0) {
    base::LogError("others can read payd data; restrict its permissions",
                   {{"path", path},
                    {"mode", Octal(st.st_mode)},
                    {"wanted", Octal(wanted)},
                    {"error", shared ? "not payd's own directory" : std::strerror(errno)}});
    return;
  }
  base::LogWarn("tightened permissions of a payd data file: others could read it",
                {{"path", path}, {"was", Octal(st.st_mode)}, {"now", Octal(wanted)}});
}

// Opens `path` with `flags` (a file O_CREAT makes is `wanted`) and Tightens
// it to `wanted`. Missing: nothing with kLeave, else an error starting `what`.
void OpenAndTighten(const std::string& path, int flags, mode_t wanted, IfMissing missing,
                    const std::string& what) {
  int fd = ::open(path.c_str(), flags | O_CLOEXEC, wanted);
  if (fd < 0) {
    if (errno == ENOENT && missing == IfMissing::kLeave) return;
    ThrowFileError(what, path);
  }
  try {
    Tighten(fd, path, wanted);
  } catch (...) {
    ::close(fd);
    throw;
  }
  ::close(fd);
}

}  // namespace

void ThrowFileError(const std::string& what, const std::string& path) {
  throw domain::StoreUnavailable(what + " " + path + ": " + std::strerror(errno));
}

void PrepareDataDir(const std::string& dir) {
  {
    ScopedUmask private_dirs(077);
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) {
      throw domain::StoreUnavailable("cannot create data directory " + dir + ": " + ec.message());
    }
  }
  OpenAndTighten(dir, O_RDONLY | O_DIRECTORY, 0700, IfMissing::kCreate,
                 "cannot open data directory");
}

void PreparePrivateFile(const std::string& path, IfMissing missing) {
  OpenAndTighten(path, O_RDWR | (missing == IfMissing::kCreate ? O_CREAT : 0), 0600, missing,
                 "cannot open");
}

ScopedUmask::ScopedUmask(mode_t mask) : previous_(::umask(mask)) {}

ScopedUmask::~ScopedUmask() {
  ::umask(previous_);
}

}  // namespace payd::store::sqlite
