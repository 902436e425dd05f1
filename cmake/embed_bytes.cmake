# payd_embed_bytes(PATH ARRAY_VAR SIZE_VAR): the file at PATH as the text of a
# C++ initializer list of its bytes ("0x7b,0x22,...") and its size, for the
# scripts that compile files into payd (embed_files.cmake, embed_text.cmake).
function(payd_embed_bytes path array_var size_var)
  file(READ "${path}" hex HEX)
  string(LENGTH "${hex}" hex_length)
  math(EXPR size "${hex_length} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  # An empty file still needs one element; its size stays 0.
  if(size EQUAL 0)
    set(bytes "0x00")
  endif()
  set(${array_var} "${bytes}" PARENT_SCOPE)
  set(${size_var} "${size}" PARENT_SCOPE)
endfunction()

# payd_write_if_changed(OUTPUT CONTENT): rewriting an unchanged file would
# recompile it for nothing.
function(payd_write_if_changed output content)
  if(EXISTS "${output}")
    file(READ "${output}" previous)
    if(previous STREQUAL content)
      return()
    endif()
  endif()
  file(WRITE "${output}" "${content}")
endfunction()
