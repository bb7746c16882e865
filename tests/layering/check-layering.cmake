# The layering, checked on the sources (docs/architecture.md): each file's
# project includes may only reach its own layer and those below it, SQL
# lives in core/store/ alone (and in the sim cloud's own state file), and
# the code is in namespace berth. Run as
#   cmake -DSOURCE_DIR=<project> -P check-layering.cmake
# Exits non-zero naming every wrong include or stray SQL statement.

cmake_minimum_required(VERSION 3.25)

# The layers, lowest first, each with the layers its files may include.
set(layers base constraints model cloud placement store provisioning commands
    providers keychain cli ui app)
set(allowed_base base)
set(allowed_constraints base constraints)
set(allowed_model base constraints model)
set(allowed_cloud base constraints model cloud)
set(allowed_placement base constraints model cloud placement)
set(allowed_store base constraints model cloud placement store)
# The provisioner and the commands both work over the store, never on each other.
set(allowed_provisioning ${allowed_store} provisioning)
set(allowed_commands ${allowed_store} commands)
# Providers and the keychain implement cloud/'s interfaces and reach nothing above.
set(allowed_providers base constraints model cloud providers)
set(allowed_keychain base constraints model cloud keychain)
# The front ends use the core; only app/ chooses providers and the keychain.
set(allowed_cli ${allowed_store} provisioning commands cli)
set(allowed_ui ${allowed_store} provisioning commands ui)
set(allowed_app ${layers})

function(layer_of path out)
    if(path MATCHES "^core/(constraints|model|cloud|placement|store|provisioning|commands)/")
        set(${out} ${CMAKE_MATCH_1} PARENT_SCOPE)
    elseif(path MATCHES "^core/[^/]+$")
        set(${out} base PARENT_SCOPE)
    elseif(path MATCHES "^(providers|keychain|cli|ui|app)/")
        set(${out} ${CMAKE_MATCH_1} PARENT_SCOPE)
    else()
        set(${out} "" PARENT_SCOPE)
    endif()
endfunction()

if(NOT SOURCE_DIR)
    message(FATAL_ERROR "usage: cmake -DSOURCE_DIR=<project> -P check-layering.cmake")
endif()
file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR}
    ${SOURCE_DIR}/core/*.h ${SOURCE_DIR}/core/*.cpp
    ${SOURCE_DIR}/providers/*.h ${SOURCE_DIR}/providers/*.cpp
    ${SOURCE_DIR}/keychain/*.h ${SOURCE_DIR}/keychain/*.cpp
    ${SOURCE_DIR}/cli/*.h ${SOURCE_DIR}/cli/*.cpp
    ${SOURCE_DIR}/ui/*.h ${SOURCE_DIR}/ui/*.cpp
    ${SOURCE_DIR}/app/*.h ${SOURCE_DIR}/app/*.cpp)

set(problems 0)
foreach(source IN LISTS sources)
    layer_of(${source} layer)
    file(STRINGS ${SOURCE_DIR}/${source} lines)
    # One namespace for the project's code (the two main()s only use it).
    if(NOT source MATCHES "^app/berth(ctl)?\\.cpp$" AND NOT "namespace berth {" IN_LIST lines)
        message("${source}: its code is not in namespace berth")
        math(EXPR problems "${problems} + 1")
    endif()
    foreach(line IN LISTS lines)
        if(line MATCHES "^#include \"([^\"]+)\"")
            set(target ${CMAKE_MATCH_1})
            if(target MATCHES "\\.moc$" OR target MATCHES "^ui_")
                continue()
            endif()
            if(NOT target MATCHES "/")
                message("${source}: #include \"${target}\" names no folder; "
                        "expected a path from the project root")
                math(EXPR problems "${problems} + 1")
                continue()
            endif()
            layer_of(${target} target_layer)
            if(target_layer STREQUAL "")
                continue()
            endif()
            if(NOT target_layer IN_LIST allowed_${layer})
                list(JOIN allowed_${layer} "/, " may)
                message("${source}: #include \"${target}\" reaches ${target_layer}/ "
                        "from ${layer}/; ${layer}/ may include ${may}/")
                math(EXPR problems "${problems} + 1")
            endif()
        endif()
        if(NOT layer STREQUAL "store" AND NOT source MATCHES "^providers/sim/"
           AND (line MATCHES "\"(SELECT|INSERT INTO|UPDATE [a-z_]+ SET|DELETE FROM|CREATE TABLE|ALTER TABLE) "
                OR line MATCHES "QSql(Query|Database|Driver)"))
            message("${source}: SQL outside core/store/: ${line}")
            math(EXPR problems "${problems} + 1")
        endif()
    endforeach()
endforeach()

list(LENGTH sources count)
if(problems GREATER 0)
    message(FATAL_ERROR "${problems} layering problem(s) in ${count} files")
endif()
message(STATUS "layering: ${count} files, every include and statement in its layer")
