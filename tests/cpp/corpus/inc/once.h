#pragma once
once_body __FILE__
